import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { AuditEntry } from '@shared/audit/audit.schema';
import { renderWithProviders, setupMswServer } from '@/test/utils';
import { AuditLog } from './audit-log';

const server = setupMswServer();

const entry = (n: number, over: Partial<AuditEntry> = {}): AuditEntry => ({
  _id: `a${n}`,
  actorEmail: 'ada@example.com',
  kind: 'product.edited',
  entityType: 'product',
  entityId: `p${n}`,
  summary: `Changed product ${n}`,
  before: { price: 10 },
  after: { price: 12.5 },
  createdAt: new Date(Date.UTC(2025, 4, 30 - n)).toISOString(),
  ...over,
});

describe('AuditLog', () => {
  it('lists entries newest first with time, admin, kind, summary and before/after details', async () => {
    server.use(
      http.get('/api/audit', () => HttpResponse.json({ entries: [entry(1), entry(2)], nextBefore: null })),
    );
    const { user } = renderWithProviders(<AuditLog />);
    // Waits for the whole page: once (in a full run) the list was first seen holding one entry.
    await waitFor(() => expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(2));
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Changed product 1');
    expect(items[0]).toHaveTextContent('ada@example.com');
    expect(items[0]).toHaveTextContent('product.edited');
    expect(within(items[0]!).getByText(/2025/).closest('time')).toHaveAttribute(
      'datetime',
      entry(1).createdAt,
    );
    await user.click(within(items[0]!).getByText('Details'));
    expect(within(items[0]!).getByText(/"price": 12.5/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('sends ?kind= when a kind is chosen, and back to all without it', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('/api/audit', ({ request }) => {
        const params = new URL(request.url).searchParams;
        queries.push(params);
        const kind = params.get('kind');
        return HttpResponse.json({
          entries: kind ? [entry(3, { kind: 'news.deleted', summary: 'Deleted an article' })] : [entry(1)],
          nextBefore: null,
        });
      }),
    );
    const { user } = renderWithProviders(<AuditLog />);
    expect(await screen.findByText('Changed product 1')).toBeInTheDocument();
    expect(queries[0]!.has('kind')).toBe(false);

    const select = screen.getByLabelText('Kind');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toContain('news.deleted');
    await user.selectOptions(select, 'news.deleted');
    expect(await screen.findByText('Deleted an article')).toBeInTheDocument();
    expect(queries.at(-1)!.get('kind')).toBe('news.deleted');

    await user.selectOptions(select, 'All');
    expect(await screen.findByText('Changed product 1')).toBeInTheDocument();
  });

  it('loads the next page with ?before= the last nextBefore', async () => {
    const befores: (string | null)[] = [];
    server.use(
      http.get('/api/audit', ({ request }) => {
        const before = new URL(request.url).searchParams.get('before');
        befores.push(before);
        return HttpResponse.json(
          before
            ? { entries: [entry(3)], nextBefore: null }
            : { entries: [entry(1), entry(2)], nextBefore: entry(2).createdAt },
        );
      }),
    );
    const { user } = renderWithProviders(<AuditLog />);
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Changed product 3')).toBeInTheDocument();
    expect(befores).toEqual([null, entry(2).createdAt]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument());
    expect(screen.getByText('Showing 3 entries, newest first.')).toBeInTheDocument();
  });

  it('has empty and error states', async () => {
    server.use(http.get('/api/audit', () => HttpResponse.json({ entries: [], nextBefore: null })));
    const first = renderWithProviders(<AuditLog />);
    expect(await screen.findByText('No admin actions have been recorded yet.')).toBeInTheDocument();
    first.unmount();
    server.use(
      http.get('/api/audit', () =>
        HttpResponse.json({ error: 'forbidden', message: 'Admins only.' }, { status: 403 }),
      ),
    );
    renderWithProviders(<AuditLog />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not load the audit log. Admins only.',
    );
  });
});
