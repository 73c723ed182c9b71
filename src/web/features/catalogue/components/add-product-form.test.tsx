import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { messages } from '@shared/messages';
import { expectNoToast, renderWithProviders, setupMswServer } from '@/test/utils';
import { AddProductForm } from './add-product-form';

const server = setupMswServer();

// The preview's object URLs: Node's own would refuse jsdom's File.
let createObjectURL: ReturnType<typeof vi.fn<(obj: Blob | MediaSource) => string>>;
let revokeObjectURL: ReturnType<typeof vi.fn<(url: string) => void>>;
beforeEach(() => {
  createObjectURL = vi.fn(() => 'blob:preview');
  revokeObjectURL = vi.fn();
  vi.spyOn(URL, 'createObjectURL').mockImplementation(createObjectURL);
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(revokeObjectURL);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const png = () => new File(['png'], 'drill.png', { type: 'image/png' });
type User = ReturnType<typeof renderWithProviders>['user'];
/** A product the form accepts. */
const valid = () => ({
  name: 'Drill',
  image: png(),
  minOrder: '1',
  price: '10',
  quantity: '3',
  desc: 'A drill.',
});
const submit = (user: User) => user.click(screen.getByRole('button', { name: 'Add product' }));
async function retype(user: User, label: string, value: string) {
  await user.clear(screen.getByLabelText(label));
  await user.type(screen.getByLabelText(label), value);
}

async function fill(
  user: User,
  values: {
    name?: string;
    minOrder?: string;
    price?: string;
    quantity?: string;
    desc?: string;
    image?: File;
  },
) {
  if (values.name) await user.type(screen.getByLabelText('Product Name'), values.name);
  if (values.image) await user.upload(screen.getByLabelText('Product image'), values.image);
  if (values.minOrder) await user.type(screen.getByLabelText('Minimum Order'), values.minOrder);
  if (values.price) await user.type(screen.getByLabelText('Price'), values.price);
  if (values.quantity) await user.type(screen.getByLabelText('Quantity'), values.quantity);
  if (values.desc) await user.type(screen.getByLabelText('Description'), values.desc);
}

describe('AddProductForm', () => {
  it('shows the required messages verbatim and sends nothing', async () => {
    const { user } = renderWithProviders(<AddProductForm />);
    await submit(user);
    for (const message of [
      messages.productNameRequired,
      messages.productImageRequired,
      messages.minOrderRequired,
      messages.priceRequired,
      messages.quantityRequired,
      messages.descriptionRequired,
    ])
      expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('Product Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Product Name')).toHaveFocus();
    expect(screen.getByLabelText('Product image')).toHaveAccessibleDescription(
      expect.stringContaining(messages.productImageRequired),
    );
  });

  it('applies the numeric rules of the server', async () => {
    const { user } = renderWithProviders(<AddProductForm />);
    await fill(user, { ...valid(), minOrder: '0', price: '12.345', quantity: '1.5' });
    await submit(user);
    expect(await screen.findByText('Must have at most 2 decimals')).toBeInTheDocument();
    expect(screen.getByText('Must be at least 1')).toBeInTheDocument();
    expect(screen.getByText('Must be a whole number')).toBeInTheDocument();

    await retype(user, 'Minimum Order', '10');
    await retype(user, 'Price', '12.34');
    await retype(user, 'Quantity', '5');
    await submit(user);
    expect(await screen.findByText('Must be at least the minimum order')).toBeInTheDocument();
  });

  it('rejects a file that is not an image', async () => {
    const { user } = renderWithProviders(<AddProductForm />, { userOptions: { applyAccept: false } });
    await user.upload(
      screen.getByLabelText('Product image'),
      new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }),
    );
    await submit(user);
    expect(await screen.findByText('Please choose an image file (JPEG, PNG or WebP).')).toBeInTheDocument();
  });

  it('uploads the image, then creates the product with its URL, toasts and resets the form', async () => {
    const calls: string[] = [];
    let uploaded: FormDataEntryValue | null = null;
    let created: unknown;
    server.use(
      http.post('/api/images', async ({ request }) => {
        calls.push('upload');
        uploaded = (await request.formData()).get('image');
        return HttpResponse.json({ success: true, data: { url: '/media/drill.webp' } });
      }),
      http.post('/api/product', async ({ request }) => {
        calls.push('create');
        created = await request.json();
        return HttpResponse.json({
          acknowledged: true,
          insertedId: 'p1',
          product: { _id: 'p1', ...(created as object) },
        });
      }),
    );

    const { user, queryClient } = renderWithProviders(<AddProductForm />);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await fill(user, {
      name: '  Air Compressor 50L ',
      image: png(),
      minOrder: '5',
      price: '249.99',
      quantity: '40',
      desc: 'Quiet and oil-free.',
    });
    expect(screen.getByRole('img', { name: 'Preview of the chosen image' })).toHaveAttribute(
      'src',
      'blob:preview',
    );

    await submit(user);
    expect(await screen.findByText(messages.updated)).toBeInTheDocument();
    expect(calls).toEqual(['upload', 'create']);
    expect((uploaded as unknown as Blob).type).toBe('image/png');
    expect(created).toEqual({
      name: 'Air Compressor 50L',
      img: '/media/drill.webp',
      minOrder: 5,
      price: 249.99,
      quantity: 40,
      desc: 'Quiet and oil-free.',
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['products'] });
    // The form is ready for the next product.
    await waitFor(() => expect(screen.getByLabelText('Product Name')).toHaveValue(''));
    expect(screen.getByLabelText('Price')).toHaveValue(null);
    expect(screen.getByLabelText('Description')).toHaveValue('');
    expect(screen.queryByRole('img', { name: 'Preview of the chosen image' })).not.toBeInTheDocument();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:preview');
  });

  it('names the product added, with a link to it, at the top of the form, beside the toast', async () => {
    server.use(
      http.post('/api/images', () => HttpResponse.json({ success: true, data: { url: '/media/d.webp' } })),
      http.post('/api/product', async ({ request }) =>
        HttpResponse.json({
          acknowledged: true,
          insertedId: 'p9',
          product: { _id: 'p9', ...((await request.json()) as object) },
        }),
      ),
    );
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    const { user } = renderWithProviders(<AddProductForm />);
    await fill(user, valid());
    await submit(user);

    expect(await screen.findByText(messages.updated)).toBeInTheDocument();
    const status = await screen.findByRole('status', { name: '' });
    expect(status).toHaveTextContent('Added Drill to the catalogue.');
    expect(within(status).getByRole('link', { name: 'Drill' })).toHaveAttribute('href', '/product/p9');
    // The view is back at the top of the form, on the message, for the next product.
    expect(status).toHaveFocus();
    expect(scrolled).toHaveBeenCalled();
    expect(status.compareDocumentPosition(screen.getByLabelText('Product Name'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it("shows the server's field message under that field", async () => {
    server.use(
      http.post('/api/images', () => HttpResponse.json({ success: true, data: { url: '/media/d.webp' } })),
      http.post('/api/product', () =>
        HttpResponse.json(
          { error: 'validation', message: 'price: must have at most 2 decimals', field: 'price' },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderWithProviders(<AddProductForm />);
    await fill(user, valid());
    await submit(user);
    expect(await screen.findByText('Must have at most 2 decimals')).toBeInTheDocument();
    expect(screen.getByLabelText('Price')).toHaveAttribute('aria-invalid', 'true');
    expectNoToast();
  });

  it('shows an upload failure under the image field and does not create the product', async () => {
    const create = vi.fn();
    server.use(
      http.post('/api/images', () =>
        HttpResponse.json({ error: 'too_large', message: 'The image is too large.' }, { status: 413 }),
      ),
      http.post('/api/product', () => (create(), HttpResponse.json({}))),
    );
    const { user } = renderWithProviders(<AddProductForm />);
    await fill(user, valid());
    await submit(user);
    expect(await screen.findByText('The image is too large.')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });
});
