import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { AdminProduct } from '@shared/catalogue/admin-products.schema';
import { renderWithProviders, setupMswServer } from '@/test/utils';
import { EditProductDialog } from './edit-product-dialog';

const server = setupMswServer();

const product: AdminProduct = {
  _id: 'p1',
  name: 'Brass coupling',
  img: '/media/c.webp',
  price: 12.4,
  quantity: 500,
  minOrder: 1,
  desc: 'Half inch.',
  sku: 'BC-1',
  brand: null,
  category: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  deletedAt: null,
  lowStockThreshold: null,
};

let sent: Record<string, unknown> | undefined;
function useApi(pricing: { packSize: number; priceBreaks: { minQuantity: number; price: number }[] }) {
  sent = undefined;
  server.use(
    http.get('/api/admin/categories', () => HttpResponse.json([])),
    http.get('/api/catalogue/products/p1', () =>
      HttpResponse.json({
        product: { ...product, keySpecs: [], fromPrice: product.price, ...pricing },
        breadcrumbs: [],
        related: [],
        specs: [],
      }),
    ),
    http.put('/api/product/p1', async ({ request }) => {
      sent = (await request.json()) as Record<string, unknown>;
      return HttpResponse.json({ acknowledged: true, product });
    }),
  );
}
beforeEach(() => useApi({ packSize: 1, priceBreaks: [] }));

const row = (n: number) => within(screen.getByRole('group', { name: `Price break ${n}` }));
const renderDialog = () => renderWithProviders(<EditProductDialog product={product} onClose={() => {}} />);

describe('Pack size and price-break fields', () => {
  it('adds and removes break rows, each with labelled inputs, and sends pack size and breaks in dollars', async () => {
    const { user } = renderDialog();
    await user.clear(screen.getByLabelText('Pack size'));
    await user.type(screen.getByLabelText('Pack size'), '10');
    const add = screen.getByRole('button', { name: 'Add price break' });
    await user.click(add);
    expect(row(1).getByLabelText('From quantity')).toHaveFocus();
    await user.type(row(1).getByLabelText('From quantity'), '10');
    await user.type(row(1).getByLabelText('Unit price'), '11.20');
    await user.click(add);
    await user.type(row(2).getByLabelText('From quantity'), '20');
    await user.type(row(2).getByLabelText('Unit price'), '10.50');
    await user.click(add);
    await user.type(row(3).getByLabelText('From quantity'), '50');
    await user.type(row(3).getByLabelText('Unit price'), '9.90');
    await user.click(row(2).getByRole('button', { name: 'Remove price break 2' }));
    expect(screen.queryByRole('group', { name: 'Price break 3' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent).toEqual({
      packSize: 10,
      priceBreaks: [
        { minQuantity: 10, price: 11.2 },
        { minQuantity: 50, price: 9.9 },
      ],
    });
  });

  it('refuses quantities that do not rise, a price that rises, and a price not below the product price', async () => {
    const { user } = renderDialog();
    const add = screen.getByRole('button', { name: 'Add price break' });
    await user.click(add);
    await user.type(row(1).getByLabelText('From quantity'), '10');
    await user.type(row(1).getByLabelText('Unit price'), '12.40');
    await user.click(add);
    await user.type(row(2).getByLabelText('From quantity'), '10');
    await user.type(row(2).getByLabelText('Unit price'), '9');
    await user.click(add);
    await user.type(row(3).getByLabelText('From quantity'), '50');
    await user.type(row(3).getByLabelText('Unit price'), '13');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await row(1).findByText('Must be below the product price')).toBeInTheDocument();
    expect(row(2).getByText("Must be above the previous row's 10")).toBeInTheDocument();
    expect(row(3).getByText("Must not be above the previous row's price")).toBeInTheDocument();
    expect(sent).toBeUndefined();
  });

  it("shows the product's breaks and sends an empty list when they are all removed", async () => {
    useApi({ packSize: 10, priceBreaks: [{ minQuantity: 10, price: 11.2 }] });
    const { user } = renderDialog();
    await waitFor(() => expect(screen.getByLabelText('Pack size')).toHaveValue(10));
    expect(row(1).getByLabelText('From quantity')).toHaveValue(10);
    expect(row(1).getByLabelText('Unit price')).toHaveValue(11.2);
    await user.click(row(1).getByRole('button', { name: 'Remove price break 1' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toEqual({ priceBreaks: [] }));
  });

  it("shows the API's message about the breaks under the editor", async () => {
    server.use(
      http.put('/api/product/p1', () =>
        HttpResponse.json(
          {
            error: 'validation',
            message: 'priceBreaks: the price from 10 units must be below the product price',
            field: 'priceBreaks',
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Add price break' }));
    await user.type(row(1).getByLabelText('From quantity'), '10');
    await user.type(row(1).getByLabelText('Unit price'), '11');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('The price from 10 units must be below the product price'),
    ).toBeInTheDocument();
  });
});
