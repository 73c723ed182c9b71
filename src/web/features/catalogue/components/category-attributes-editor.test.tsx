import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { AdminCategory } from '@shared/catalogue/categories-admin.schema';
import { renderWithProviders, setupMswServer } from '@/test/utils';
import { CategoriesAdmin } from './categories-admin';

const server = setupMswServer();

type Attribute = AdminCategory['attributes'][number];
const attr = (key: string, label: string, extra: Partial<Attribute> = {}): Attribute => ({
  key,
  label,
  type: 'text',
  unitKind: null,
  unit: null,
  filterable: true,
  inheritedFrom: null,
  ...extra,
});

let tools: AdminCategory;
let sent: { method: string; path: string; body: unknown }[];
beforeEach(() => {
  sent = [];
  tools = {
    _id: '00000000-0000-4000-8000-000000000001',
    slug: 'power-tools',
    name: 'Power Tools',
    parentId: null,
    unspsc: null,
    depth: 0,
    productCount: 2,
    childCount: 0,
    attributes: [
      attr('voltage', 'Voltage', { type: 'number', unitKind: 'voltage', unit: 'V' }),
      attr('chuck', 'Chuck'),
    ],
  };
  const answer = () => HttpResponse.json({ acknowledged: true, attributes: tools.attributes });
  server.use(
    http.get('/api/admin/categories', () => HttpResponse.json([tools])),
    http.post('/api/admin/categories/:id/attributes', async ({ request }) => {
      const body = (await request.json()) as { label: string; key?: string; type: 'number' | 'text' };
      sent.push({ method: 'POST', path: new URL(request.url).pathname, body });
      if (body.label === 'Voltage')
        return HttpResponse.json(
          {
            error: 'conflict',
            message: 'label: is already the name of a spec of this category, a parent or a subcategory',
            field: 'label',
          },
          { status: 409 },
        );
      tools.attributes.push(
        attr(body.key ?? 'torque', body.label, { type: body.type, unitKind: 'torque', unit: 'N·m' }),
      );
      return answer();
    }),
    http.put('/api/admin/categories/:id/attributes', async ({ request }) => {
      const body = (await request.json()) as { keys: string[] };
      sent.push({ method: 'PUT', path: new URL(request.url).pathname, body });
      tools.attributes = body.keys.map((k) => tools.attributes.find((a) => a.key === k)!);
      return answer();
    }),
    http.get('/api/admin/categories/:id/attributes/:key', ({ params }) => {
      sent.push({ method: 'GET', path: `/attributes/${String(params.key)}`, body: null });
      const a = tools.attributes.find((x) => x.key === params.key)!;
      return HttpResponse.json({
        key: a.key,
        label: a.label,
        productsWithValue: a.key === 'voltage' ? 2 : 0,
      });
    }),
    http.delete('/api/admin/categories/:id/attributes/:key', ({ params }) => {
      sent.push({ method: 'DELETE', path: `/attributes/${String(params.key)}`, body: null });
      if (params.key === 'chuck')
        return HttpResponse.json(
          { error: 'not_found', message: 'Spec attribute of this category not found' },
          { status: 404 },
        );
      tools.attributes = tools.attributes.filter((a) => a.key !== params.key);
      return HttpResponse.json({ acknowledged: true, attributes: tools.attributes, removedValues: 2 });
    }),
    http.put('/api/admin/categories/:id/attributes/:key', async ({ request, params }) => {
      const body = (await request.json()) as { label: string };
      sent.push({ method: 'PUT', path: new URL(request.url).pathname, body });
      tools.attributes = tools.attributes.map((a) => (a.key === params.key ? { ...a, ...body } : a));
      return answer();
    }),
  );
});

const openEditor = async (user: ReturnType<typeof renderWithProviders>['user']) => {
  await user.click(await screen.findByRole('button', { name: 'Spec attributes of Power Tools' }));
  return screen.getByRole('dialog', { name: 'Spec attributes of Power Tools' });
};
const ownKeys = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list', { name: 'Own spec attributes of Power Tools' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe("the category's spec attributes editor", () => {
  it('adds a number attribute with a unit; text takes no unit', async () => {
    const { user } = renderWithProviders(<CategoriesAdmin />);
    const dialog = await openEditor(user);
    expect(ownKeys(dialog)).toEqual([
      expect.stringContaining('Voltage · voltage · number in V · filter'),
      expect.stringContaining('Chuck · chuck · text'),
    ]);
    const add = within(dialog).getByRole('region', { name: 'Add a spec attribute' });
    await user.selectOptions(within(add).getByLabelText('Type'), 'Text');
    expect(within(add).getByLabelText('Unit')).toBeDisabled();
    await user.selectOptions(within(add).getByLabelText('Type'), 'Number (a range)');
    await user.type(within(add).getByLabelText('Attribute name'), 'Max torque');
    await user.type(within(add).getByLabelText('Key (optional)'), 'torque');
    await user.selectOptions(within(add).getByLabelText('Unit'), 'torque (N·m, or ft·lb)');
    await user.click(within(add).getByRole('button', { name: 'Add attribute' }));
    await waitFor(() => expect(ownKeys(dialog)).toHaveLength(3));
    expect(sent).toEqual([
      {
        method: 'POST',
        path: `/api/admin/categories/${tools._id}/attributes`,
        body: { label: 'Max torque', key: 'torque', type: 'number', unitKind: 'torque', filterable: true },
      },
    ]);
    expect(ownKeys(dialog)[2]).toContain('Max torque · torque · number in N·m');
    expect(within(add).getByLabelText('Attribute name')).toHaveValue('');
  });

  it("shows a required name at once and the server's refusal under the field it names", async () => {
    const { user } = renderWithProviders(<CategoriesAdmin />);
    const dialog = await openEditor(user);
    const add = within(dialog).getByRole('region', { name: 'Add a spec attribute' });
    await user.click(within(add).getByRole('button', { name: 'Add attribute' }));
    expect(within(add).getByLabelText('Attribute name')).toHaveAccessibleDescription(
      /Attribute name is required/,
    );
    expect(sent).toEqual([]);
    await user.type(within(add).getByLabelText('Attribute name'), 'Voltage');
    await user.click(within(add).getByRole('button', { name: 'Add attribute' }));
    await waitFor(() =>
      expect(within(add).getByLabelText('Attribute name')).toHaveAccessibleDescription(
        /already the name of a spec/,
      ),
    );
  });

  it('renames an attribute and moves one down, sending the whole order', async () => {
    const { user } = renderWithProviders(<CategoriesAdmin />);
    const dialog = await openEditor(user);
    await user.click(within(dialog).getByRole('button', { name: 'Edit Chuck' }));
    const name = within(dialog).getAllByLabelText('Attribute name')[0]!;
    await user.clear(name);
    await user.type(name, 'Chuck size');
    await user.click(within(dialog).getByRole('button', { name: 'Save attribute' }));
    await waitFor(() => expect(ownKeys(dialog)[1]).toContain('Chuck size · chuck · text'));
    expect(sent.at(-1)).toEqual({
      method: 'PUT',
      path: `/api/admin/categories/${tools._id}/attributes/chuck`,
      body: { label: 'Chuck size' },
    });

    expect(within(dialog).getByRole('button', { name: 'Move Voltage up' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Move Voltage down' }));
    await waitFor(() => expect(ownKeys(dialog)[0]).toContain('Chuck size'));
    expect(sent.at(-1)).toEqual({
      method: 'PUT',
      path: `/api/admin/categories/${tools._id}/attributes`,
      body: { keys: ['chuck', 'voltage'] },
    });
  });

  it('turns a number off as a filter (and says so); a text is never one', async () => {
    const { user } = renderWithProviders(<CategoriesAdmin />);
    const dialog = await openEditor(user);
    const add = within(dialog).getByRole('region', { name: 'Add a spec attribute' });
    const filter = within(add).getByRole('checkbox', { name: 'Filter on the catalogue' });
    expect(filter).toBeChecked();
    await user.selectOptions(within(add).getByLabelText('Type'), 'Text');
    expect(filter).toBeDisabled();
    expect(filter).not.toBeChecked();
    expect(filter).toHaveAccessibleDescription('Only a number is a filter.');

    await user.click(within(dialog).getByRole('button', { name: 'Edit Voltage' }));
    const own = within(dialog).getByRole('list', { name: 'Own spec attributes of Power Tools' });
    const editing = within(own).getByRole('checkbox', { name: 'Filter on the catalogue' });
    expect(editing).toBeChecked();
    await user.click(editing);
    await user.click(within(dialog).getByRole('button', { name: 'Save attribute' }));
    await waitFor(() =>
      expect(ownKeys(dialog)[0]).toContain('Voltage · voltage · number in V · not a filter'),
    );
    expect(sent.at(-1)).toEqual({
      method: 'PUT',
      path: `/api/admin/categories/${tools._id}/attributes/voltage`,
      body: { filterable: false },
    });
  });

  it('removes an attribute after a confirmation naming how many products have a value for it', async () => {
    const { user } = renderWithProviders(<CategoriesAdmin />);
    const dialog = await openEditor(user);
    await user.click(within(dialog).getByRole('button', { name: 'Remove Voltage' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove Voltage?' });
    expect(confirm).toHaveTextContent('2 products have a value for it: they are deleted with it.');
    expect(sent.map((s) => s.method)).toEqual(['GET']);
    // Cancel keeps it, and the editor under the confirmation stays open.
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Remove Voltage?' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Spec attributes of Power Tools' })).toBeVisible();
    expect(ownKeys(dialog)).toHaveLength(2);

    await user.click(within(dialog).getByRole('button', { name: 'Remove Voltage' }));
    const again = await screen.findByRole('dialog', { name: 'Remove Voltage?' });
    await user.click(within(again).getByRole('button', { name: 'Remove attribute' }));
    await waitFor(() => expect(ownKeys(dialog)).toEqual([expect.stringContaining('Chuck')]));
    expect(sent.at(-1)).toEqual({ method: 'DELETE', path: '/attributes/voltage', body: null });
    expect(screen.queryByRole('dialog', { name: 'Remove Voltage?' })).not.toBeInTheDocument();
  });

  it('says when no product has a value, and keeps a refusal in the confirmation', async () => {
    const { user } = renderWithProviders(<CategoriesAdmin />);
    const dialog = await openEditor(user);
    await user.click(within(dialog).getByRole('button', { name: 'Remove Chuck' }));
    const chuck = await screen.findByRole('dialog', { name: 'Remove Chuck?' });
    expect(chuck).toHaveTextContent('No product has a value for it.');
    await user.click(within(chuck).getByRole('button', { name: 'Remove attribute' }));
    expect(await within(chuck).findByRole('alert')).toHaveTextContent('not found');
    expect(ownKeys(dialog)).toHaveLength(2);
  });
});
