import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { AdminCategory } from '@shared/catalogue/categories-admin.schema';
import { renderWithProviders, setupMswServer } from '@/test/utils';
import { CategoriesAdmin } from './categories-admin';

const server = setupMswServer();

const tools: AdminCategory = {
  _id: '00000000-0000-4000-8000-000000000001',
  slug: 'power-tools',
  name: 'Power Tools',
  parentId: null,
  unspsc: null,
  depth: 0,
  productCount: 0,
  childCount: 1,
  attributes: [
    {
      key: 'voltage',
      label: 'Voltage',
      type: 'number',
      unitKind: 'voltage',
      unit: 'V',
      filterable: true,
      inheritedFrom: null,
    },
  ],
};
const drills: AdminCategory = {
  _id: '00000000-0000-4000-8000-000000000002',
  slug: 'drills',
  name: 'Drills',
  parentId: tools._id,
  unspsc: '27112700',
  depth: 1,
  productCount: 3,
  childCount: 0,
  attributes: [
    { ...tools.attributes[0]!, inheritedFrom: 'power-tools' },
    {
      key: 'chuck',
      label: 'Chuck',
      type: 'text',
      unitKind: null,
      unit: null,
      filterable: true,
      inheritedFrom: null,
    },
  ],
};

describe('CategoriesAdmin', () => {
  it('shows the tree with counts and the spec attributes each category carries', async () => {
    server.use(http.get('/api/admin/categories', () => HttpResponse.json([tools, drills])));
    renderWithProviders(<CategoriesAdmin />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading categories');
    expect(await screen.findByRole('heading', { name: 'Category tree (2)' })).toBeVisible();
    const drillAttrs = screen.getByRole('list', { name: 'Spec attributes of Drills' });
    expect(
      within(drillAttrs)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Voltage · number, voltage (V) · from power-tools', 'Chuck · text']);
    expect(screen.getByText(/3 products · 0 subcategories/)).toBeVisible();
  });

  it('adds a category under a parent, and shows the server message on the field it names', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('/api/admin/categories', () => HttpResponse.json([tools])),
      http.post('/api/admin/categories', async ({ request }) => {
        sent.push(await request.json());
        return sent.length === 1
          ? HttpResponse.json(
              { error: 'conflict', message: 'slug: is already used by another category', field: 'slug' },
              { status: 409 },
            )
          : HttpResponse.json({
              acknowledged: true,
              category: { _id: drills._id, slug: 'drills', name: 'Drills', parent: 'power-tools' },
            });
      }),
    );
    const { user } = renderWithProviders(<CategoriesAdmin />);
    await user.type(await screen.findByLabelText('Category name'), 'Drills');
    await user.selectOptions(screen.getByLabelText('Parent category'), 'Power Tools');
    await user.click(screen.getByRole('button', { name: 'Add category' }));
    expect(await screen.findByText('slug: is already used by another category')).toBeVisible();
    expect(screen.getByLabelText('Category name')).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Add category' }));
    await expect.poll(() => sent.length).toBe(2);
    expect(sent[1]).toEqual({ name: 'Drills', parentId: tools._id, unspsc: null });
    expect(await screen.findByLabelText('Category name')).toHaveValue('');
  });

  it('moves a category, never offering itself or its subtree as the parent', async () => {
    let body: unknown;
    server.use(
      http.get('/api/admin/categories', () => HttpResponse.json([tools, drills])),
      http.put('/api/admin/categories/:id', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({
          acknowledged: true,
          category: { _id: drills._id, slug: 'drills', name: 'Drill Drivers', parent: null },
        });
      }),
    );
    const { user } = renderWithProviders(<CategoriesAdmin />);
    await user.click(await screen.findByRole('button', { name: 'Edit Power Tools' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Power Tools' });
    expect(
      within(within(dialog).getByLabelText('Parent category'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['None (top level)']);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Edit Drills' }));
    const edit = screen.getByRole('dialog', { name: 'Edit Drills' });
    await user.clear(within(edit).getByLabelText('Category name'));
    await user.type(within(edit).getByLabelText('Category name'), 'Drill Drivers');
    await user.selectOptions(within(edit).getByLabelText('Parent category'), 'None (top level)');
    await user.click(within(edit).getByRole('button', { name: 'Save changes' }));
    await expect.poll(() => body).toEqual({ name: 'Drill Drivers', parentId: null, unspsc: '27112700' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("sets a category's UNSPSC code, refusing anything but 8 digits before sending", async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get('/api/admin/categories', () => HttpResponse.json([tools, drills])),
      http.put('/api/admin/categories/:id', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({
          acknowledged: true,
          category: {
            _id: tools._id,
            slug: 'power-tools',
            name: 'Power Tools',
            parent: null,
            unspsc: '27112700',
          },
        });
      }),
    );
    const { user } = renderWithProviders(<CategoriesAdmin />);
    await user.click(await screen.findByRole('button', { name: 'Edit Power Tools' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Power Tools' });
    const code = within(dialog).getByLabelText('UNSPSC code (optional)');
    expect(code).toHaveValue('');
    await user.type(code, '2711');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('must be 8 digits')).toBeVisible();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toEqual([]);
    await user.type(code, '2700');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await expect.poll(() => bodies).toEqual([{ name: 'Power Tools', parentId: null, unspsc: '27112700' }]);
  });

  it('asks before deleting and shows why a non-empty category stays', async () => {
    server.use(
      http.get('/api/admin/categories', () => HttpResponse.json([tools, drills])),
      http.delete('/api/admin/categories/:id', () =>
        HttpResponse.json(
          {
            error: 'conflict',
            message: 'Power Tools is not empty: it still has 1 subcategory. Move or delete them first.',
          },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderWithProviders(<CategoriesAdmin />);
    await user.click(await screen.findByRole('button', { name: 'Delete Power Tools' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete category?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(/it still has 1 subcategory/)).toBeVisible();
  });
});
