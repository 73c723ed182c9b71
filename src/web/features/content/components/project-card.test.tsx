import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { Project } from '../api/get-portfolio';
import { ComingSoonCard, ProjectCard } from './project-card';

const fullStack: Project = {
  id: 'shop-dashboard',
  name: 'Shop Dashboard',
  img: '/projects/shop-dashboard.svg',
  theme: 'An admin dashboard for a tool shop.',
  live: 'https://shop-dashboard.example.com/',
  client: 'https://github.com/example/shop-dashboard-client',
  server: 'https://github.com/example/shop-dashboard-server',
};

const frontEndOnly: Project = {
  id: 'compressor-sizer',
  name: 'Compressor Sizer',
  img: '/projects/compressor-sizer.svg',
  theme: 'A calculator that recommends the right air compressor.',
  live: 'https://compressor-sizer.example.com/',
  client: 'https://github.com/example/compressor-sizer',
};

describe('ProjectCard', () => {
  it('renders the image, name, description and the Live, Client and Server links', () => {
    render(<ProjectCard project={fullStack} />);

    expect(screen.getByRole('heading', { level: 3, name: 'Shop Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Shop Dashboard' })).toBeInTheDocument();
    expect(screen.getByText(fullStack.theme)).toBeInTheDocument();

    const img = screen.getByRole('img', { name: 'Preview of Shop Dashboard' });
    expect(img).toHaveAttribute('src', fullStack.img);
    expect(img).toHaveAttribute('width', '640');
    expect(img).toHaveAttribute('height', '400');

    const live = screen.getByRole('link', { name: /^Live site of Shop Dashboard/ });
    const client = screen.getByRole('link', { name: /^Client code of Shop Dashboard/ });
    const server = screen.getByRole('link', { name: /^Server code of Shop Dashboard/ });
    expect(live).toHaveAttribute('href', fullStack.live);
    expect(client).toHaveAttribute('href', fullStack.client);
    expect(server).toHaveAttribute('href', fullStack.server);
    for (const link of [live, client, server]) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      expect(link).toHaveAccessibleName(/opens in a new tab/);
    }
    expect(screen.getAllByRole('link')).toHaveLength(3);
  });

  it('leaves out the Server link when the project has no server', () => {
    render(<ProjectCard project={frontEndOnly} />);

    expect(screen.getByRole('link', { name: /^Live site of Compressor Sizer/ })).toHaveAttribute(
      'href',
      frontEndOnly.live,
    );
    expect(screen.getByRole('link', { name: /^Client code of Compressor Sizer/ })).toHaveAttribute(
      'href',
      frontEndOnly.client,
    );
    expect(screen.queryByRole('link', { name: /Server/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link')).toHaveLength(2);
  });
});

describe('ComingSoonCard', () => {
  it('renders a Coming Soon heading', () => {
    render(<ComingSoonCard />);
    expect(screen.getByRole('heading', { level: 3, name: 'Coming Soon' })).toBeInTheDocument();
  });
});
