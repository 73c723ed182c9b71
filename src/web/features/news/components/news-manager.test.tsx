import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { NewsInput, NewsItem } from '@shared/news/news.schema';
import { messages } from '@shared/messages';
import { renderWithProviders, setupMswServer } from '@/test/utils';
import { NewsManager } from './news-manager';

const server = setupMswServer();

let news: NewsItem[];
beforeEach(() => {
  news = [
    {
      _id: 'n1',
      title: 'New compressors in stock',
      name: 'Ada Admin',
      body: 'Three new models.\n\nAll oil-free.',
      publishedAt: '2025-05-01T10:00:00.000Z',
    },
  ];
});

const listNews = () => http.get('/api/news', () => HttpResponse.json(news));

describe('NewsManager', () => {
  it('publishes an article with POST /api/news, toasts, clears the form and lists it', async () => {
    let body: NewsInput | undefined;
    server.use(
      listNews(),
      http.post('/api/news', async ({ request }) => {
        body = (await request.json()) as NewsInput;
        const item = { _id: 'n2', ...body, publishedAt: '2025-06-01T10:00:00.000Z' };
        news = [item, ...news];
        return HttpResponse.json(item);
      }),
    );
    const { user, queryClient } = renderWithProviders(<NewsManager defaultAuthor="Ada Admin" />);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    expect(await screen.findByText('New compressors in stock')).toBeInTheDocument();
    expect(screen.getByLabelText('Author name')).toHaveValue('Ada Admin');

    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Body is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Title'), '  Summer sale ');
    await user.type(screen.getByLabelText('Body'), 'Ten percent off.{Enter}{Enter}Until August.');
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText(messages.updated)).toBeInTheDocument();
    expect(body).toEqual({
      title: 'Summer sale',
      name: 'Ada Admin',
      body: 'Ten percent off.\n\nUntil August.',
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['news'] });
    expect(await screen.findByRole('heading', { name: 'Summer sale' })).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('');
    expect(screen.getByLabelText('Body')).toHaveValue('');
  });

  it('edits an article with PUT /api/news/{id}', async () => {
    let body: unknown;
    server.use(
      listNews(),
      http.put('/api/news/:id', async ({ params, request }) => {
        body = await request.json();
        news = news.map((n) => (n._id === params.id ? { ...n, ...(body as NewsInput) } : n));
        return HttpResponse.json(news[0]);
      }),
    );
    const { user } = renderWithProviders(<NewsManager defaultAuthor="Ada Admin" />);
    await user.click(await screen.findByRole('button', { name: 'Edit New compressors in stock' }));
    const title = screen.getByLabelText('Title');
    expect(title).toHaveValue('New compressors in stock');
    expect(title).toHaveFocus();
    await user.clear(title);
    await user.type(title, 'Four new compressors');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(messages.updated)).toBeInTheDocument();
    expect(body).toEqual({
      title: 'Four new compressors',
      name: 'Ada Admin',
      body: 'Three new models.\n\nAll oil-free.',
    });
    expect(await screen.findByRole('heading', { name: 'Four new compressors' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeInTheDocument();
  });

  it('confirms, deletes with DELETE /api/news/{id} and toasts', async () => {
    const deleted = vi.fn();
    server.use(
      listNews(),
      http.delete('/api/news/:id', ({ params }) => {
        deleted(params.id);
        news = [];
        return HttpResponse.json({ acknowledged: true });
      }),
    );
    const { user } = renderWithProviders(<NewsManager />);
    await user.click(await screen.findByRole('button', { name: 'Delete New compressors in stock' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete article?' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(deleted).toHaveBeenCalledWith('n1'));
    expect(await screen.findByText(messages.productDeleted)).toBeInTheDocument();
    expect(await screen.findByText(/No articles yet/)).toBeInTheDocument();
  });
});
