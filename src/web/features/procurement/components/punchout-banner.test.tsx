import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderWithProviders, setupMswServer } from '@/test/utils';
import { PunchoutBanner } from './punchout-banner';

const server = setupMswServer();
const session = (readOnly: boolean) =>
  http.get('/api/punchout/session', () =>
    HttpResponse.json({ punchout: true, systemName: 'Coupa', protocol: 'cxml', readOnly }),
  );

describe('PunchoutBanner', () => {
  it('names the buyer system and offers the transfer back', async () => {
    server.use(session(false));
    renderWithProviders(<PunchoutBanner signedIn />);
    const banner = await screen.findByRole('region', { name: 'Punchout' });
    expect(banner).toHaveTextContent('Shopping from Coupa');
    expect(screen.getByRole('link', { name: 'Transfer cart to Coupa' })).toHaveAttribute(
      'href',
      '/punchout/transfer',
    );
  });

  it('says an inspected cart is for viewing only, with no transfer', async () => {
    server.use(session(true));
    renderWithProviders(<PunchoutBanner signedIn />);
    const banner = await screen.findByRole('region', { name: 'Punchout' });
    expect(banner).toHaveTextContent('Viewing a cart from Coupa');
    expect(banner).toHaveTextContent('nothing here goes back to Coupa');
    expect(screen.queryByRole('link', { name: /Transfer cart/ })).toBeNull();
  });
});
