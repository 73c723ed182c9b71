import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { NewsTeaser } from './news-teasers';

const item = {
  _id: '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
  title: 'New rotary screw range',
  body: 'Quieter, and 12 % more air for the same power.',
  name: 'Toolhouse',
  publishedAt: '2026-12-01T09:00:00.000Z',
};

describe('NewsTeaser', () => {
  it("names its Read more link by the article's title in the link's own text, as crawlers read it", () => {
    render(
      <MemoryRouter>
        <NewsTeaser item={item} />
      </MemoryRouter>,
    );
    // jsdom's name computation puts a space before the inline span; browsers do not.
    const link = screen.getByRole('link', { name: /^Read more ?: New rotary screw range$/ });
    expect(link).toHaveAttribute('href', `/blog/${item._id}`);
    expect(link.textContent).toBe('Read more: New rotary screw range');
    expect(link).not.toHaveAttribute('aria-label');
  });
});
