import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { messages } from '@shared/messages';
import { PRODUCT_IMAGE_SIZES } from '@shared/media/responsive-image';
import { customer, product, productId, session } from '@/test/order-fixtures';
import { productPageHarness } from '@/test/product-page';
import { expectNoToast } from '@/test/utils';

const { server, useApi, renderPage } = productPageHarness();

async function openOrderModal() {
  const view = renderPage();
  await view.user.click(await screen.findByRole('button', { name: 'Order Now' }));
  const dialog = screen.getByRole('dialog', { name: `Order ${product.name}` });
  return { ...view, dialog: within(dialog) };
}

describe('Product page', () => {
  it('shows the product: name, price, stock, minimum order and description', async () => {
    useApi();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: product.name })).toBeInTheDocument();
    expect(screen.getByText('$249.50')).toBeInTheDocument();
    expect(screen.getByText('40 in stock')).toBeInTheDocument();
    expect(screen.getByText('Minimum order').nextElementSibling).toHaveTextContent('5');
    expect(screen.getByText(product.desc)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: product.name })).toHaveAttribute('src', product.img);
    expect(await screen.findByText(/No reviews yet/)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toContain(product.name));
  });

  it('offers the smaller copies of a stored picture at the sizes of the page, in a reserved 4:3 box', async () => {
    const img = '/media/products/0123456789abcdef01234567.webp';
    useApi({ ...product, img });
    renderPage();
    const picture = await screen.findByRole('img', { name: product.name });
    expect(picture).toHaveAttribute('src', img);
    expect(picture).toHaveAttribute(
      'srcset',
      '/media/products/0123456789abcdef01234567-200.webp 200w, /media/products/0123456789abcdef01234567-400.webp 400w, /media/products/0123456789abcdef01234567.webp 800w',
    );
    expect(picture).toHaveAttribute('sizes', PRODUCT_IMAGE_SIZES);
    expect(picture).toHaveAttribute('width', '800');
    expect(picture).toHaveAttribute('height', '600');
  });

  it('lists the datasheets right after the product, before its reviews', async () => {
    useApi();
    server.use(
      http.get('/api/catalogue/products/:id/documents', () =>
        HttpResponse.json([
          {
            _id: 'd1',
            kind: 'datasheet',
            title: 'Compressor datasheet',
            fileName: 'datasheet.pdf',
            size: 20480,
            url: '/media/datasheet.pdf',
            createdAt: '2026-05-01T10:00:00.000Z',
          },
        ]),
      ),
    );
    renderPage();
    const documents = await screen.findByRole('region', { name: 'Documents' });
    expect(within(documents).getByRole('link', { name: 'Compressor datasheet' })).toBeInTheDocument();
    const reviews = await screen.findByRole('region', { name: /Reviews/ });
    expect(documents.compareDocumentPosition(reviews) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('lists the reviews with their average, as stars, without emails', async () => {
    useApi(product, {
      average: 4.5,
      count: 2,
      reviews: [
        { _id: 'r1', name: 'Bob', rating: 4, reviewMessage: 'Solid.', createdAt: '2026-05-02T10:00:00.000Z' },
        { _id: 'r2', name: 'Cy', rating: 5, reviewMessage: 'Great!', createdAt: '2026-05-03T10:00:00.000Z' },
      ],
    });
    renderPage();
    expect(await screen.findByText('Solid.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '5 out of 5 stars' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '4.5 out of 5 stars' })).toBeInTheDocument();
    expect(screen.getByText('(2 reviews)')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('@');
  });

  it('says when the product does not exist', async () => {
    server.use(
      http.get('/api/auth/get-session', () => HttpResponse.json(session)),
      http.get('/api/product/:id', () =>
        HttpResponse.json({ error: 'not_found', message: 'Product not found.' }, { status: 404 }),
      ),
      http.get('/api/catalogue/products/:id', () =>
        HttpResponse.json({ error: 'not_found', message: 'Product not found.' }, { status: 404 }),
      ),
    );
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
  });

  it('sends anonymous visitors to /login', async () => {
    server.use(http.get('/api/auth/get-session', () => HttpResponse.json(null)));
    renderPage();
    expect(await screen.findByTestId('location')).toHaveTextContent('/login');
  });

  it('explains instead of offering Order Now when the stock is below the minimum order', async () => {
    useApi({ ...product, quantity: 3 });
    renderPage();
    expect(
      await screen.findByText(
        "This product can't be ordered right now: not enough stock for the minimum order.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Order Now' })).not.toBeInTheDocument();
  });
});

describe('Order modal', () => {
  it('shows the customer read-only and the quantity at the minimum order, with its total', async () => {
    useApi();
    const { dialog } = await openOrderModal();
    expect(dialog.getByLabelText('Name')).toHaveValue(customer.name);
    expect(dialog.getByLabelText('Name')).toHaveAttribute('readonly');
    expect(dialog.getByLabelText('Email')).toHaveValue(customer.email);
    expect(dialog.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(dialog.getByLabelText('Product')).toHaveValue(product.name);
    expect(dialog.getByLabelText('Quantity')).toHaveValue(5);
    expect(dialog.getByLabelText('Quantity')).toHaveFocus();
    expect(dialog.getByLabelText('Number')).toHaveAttribute('type', 'tel');
    expect(dialog.getByLabelText('Address').tagName).toBe('TEXTAREA');
    expect(dialog.getByRole('status', { name: 'Total' })).toHaveTextContent('$1,247.50');
  });

  it('updates the total as the quantity changes', async () => {
    useApi();
    const { user, dialog } = await openOrderModal();
    await user.clear(dialog.getByLabelText('Quantity'));
    await user.type(dialog.getByLabelText('Quantity'), '12');
    expect(dialog.getByRole('status', { name: 'Total' })).toHaveTextContent('$2,994.00');
  });

  it('shows the verbatim messages for an empty number and address', async () => {
    const post = vi.fn();
    useApi();
    server.use(http.post('/api/order/:email', () => (post(), HttpResponse.json({}))));
    const { user, dialog } = await openOrderModal();
    await user.click(dialog.getByRole('button', { name: 'Place order' }));
    expect(await dialog.findByText(messages.numberRequired)).toBeInTheDocument();
    expect(dialog.getByText(messages.addressRequired)).toBeInTheDocument();
    expect(dialog.getByLabelText('Number')).toHaveAttribute('aria-invalid', 'true');
    expect(post).not.toHaveBeenCalled();
  });

  it.each([
    ['41', messages.quantityAboveStock],
    ['4', messages.quantityBelowMinimum],
    ['', messages.quantityRequired],
  ])('rejects the quantity "%s" with "%s"', async (quantity, message) => {
    useApi();
    const { user, dialog } = await openOrderModal();
    await user.clear(dialog.getByLabelText('Quantity'));
    if (quantity) await user.type(dialog.getByLabelText('Quantity'), quantity);
    await user.type(dialog.getByLabelText('Number'), '+1 555 0100');
    await user.type(dialog.getByLabelText('Address'), '1 Main Street');
    await user.click(dialog.getByRole('button', { name: 'Place order' }));
    expect(await dialog.findByText(message)).toBeInTheDocument();
  });

  it('fills the number and address in from the profile, leaving what the customer typed', async () => {
    useApi(product, undefined, { phone: '+1 555 0199', address: '9 Saved Road' });
    const { user, dialog } = await openOrderModal();
    expect(await dialog.findByDisplayValue('+1 555 0199')).toBe(dialog.getByLabelText('Number'));
    expect(dialog.getByLabelText('Address')).toHaveValue('9 Saved Road');
    await user.clear(dialog.getByLabelText('Address'));
    await user.type(dialog.getByLabelText('Address'), '1 Other Street');
    expect(dialog.getByLabelText('Address')).toHaveValue('1 Other Street');
  });

  it('places the order, toasts the server message and takes the buyer to its payment page', async () => {
    let body: Record<string, unknown> | undefined;
    let email: unknown;
    useApi();
    server.use(
      http.post('/api/order/:email', async ({ request, params }) => {
        email = params.email;
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({
          acknowledged: true,
          insertedId: 'o1',
          message: 'Order placed for 6 units',
        });
      }),
    );
    const { user, dialog } = await openOrderModal();
    await user.clear(dialog.getByLabelText('Quantity'));
    await user.type(dialog.getByLabelText('Quantity'), '6');
    await user.type(dialog.getByLabelText('Number'), '+1 555 0100');
    await user.type(dialog.getByLabelText('Address'), '1 Main Street');
    await user.click(dialog.getByRole('button', { name: 'Place order' }));

    expect(await screen.findByText('Order placed for 6 units')).toBeInTheDocument();
    expect(email).toBe(customer.email);
    expect(body).toMatchObject({
      productId,
      quantity: 6,
      number: '+1 555 0100',
      address: '1 Main Street',
      name: customer.name,
      email: customer.email,
      productName: product.name,
      price: product.price,
      paymentStatus: false,
      orderStatus: 'Pending',
      review: false,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/payment/o1');
  });

  it('shows the server message under its field and keeps the modal open', async () => {
    useApi();
    server.use(
      http.post('/api/order/:email', () =>
        HttpResponse.json(
          { error: 'bad_request', message: `quantity: ${messages.quantityAboveStock}`, field: 'quantity' },
          { status: 400 },
        ),
      ),
    );
    const { user, dialog } = await openOrderModal();
    await user.type(dialog.getByLabelText('Number'), '+1 555 0100');
    await user.type(dialog.getByLabelText('Address'), '1 Main Street');
    await user.click(dialog.getByRole('button', { name: 'Place order' }));
    expect(await dialog.findByText(messages.quantityAboveStock)).toBeInTheDocument();
    expectNoToast();
  });

  it('shows a conflict (stock ran out) and refreshes the product', async () => {
    let productCalls = 0;
    useApi();
    server.use(
      http.get('/api/product/:id', () => {
        productCalls += 1;
        return HttpResponse.json(product);
      }),
      http.post('/api/order/:email', () =>
        HttpResponse.json({ error: 'conflict', message: 'Only 2 left in stock.' }, { status: 409 }),
      ),
    );
    const { user, dialog } = await openOrderModal();
    await user.type(dialog.getByLabelText('Number'), '+1 555 0100');
    await user.type(dialog.getByLabelText('Address'), '1 Main Street');
    await user.click(dialog.getByRole('button', { name: 'Place order' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Only 2 left in stock.');
    await waitFor(() => expect(productCalls).toBe(2));
  });

  it('closes with Escape and with Cancel', async () => {
    useApi();
    const { user } = await openOrderModal();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Order Now' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
