import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@/test/utils';
import { Footer } from './footer';

describe('Footer', () => {
  it('names its sections by their headings and shows the card and social icons from /icons', () => {
    renderWithProviders(<Footer />);
    expect(screen.getByRole('region', { name: 'Contact' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Account' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'We accept' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Follow us' })).toBeInTheDocument();

    const cards = within(screen.getByRole('list', { name: 'Accepted cards' })).getAllByRole('img');
    expect(cards.map((img) => img.getAttribute('alt'))).toEqual(['Mastercard', 'Visa', 'American Express']);
    expect(cards[1]).toHaveAttribute('src', '/icons/visa.svg');
    expect(cards[1]).toHaveAttribute('loading', 'lazy');

    const linkedIn = screen.getByRole('link', { name: 'LinkedIn' });
    expect(linkedIn).toHaveAttribute('href', 'https://www.linkedin.com/');
    expect(linkedIn.querySelector('img')).toHaveAttribute('src', '/icons/linkedin.svg');
  });
});
