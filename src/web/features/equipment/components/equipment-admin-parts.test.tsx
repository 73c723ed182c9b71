import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderWithProviders, setupMswServer } from '@/test/utils';
import { DiagramEditor, FitListEditor, ReplacedByForm } from './equipment-admin-parts';

const server = setupMswServer();
const MODEL = '11111111-1111-4111-8111-111111111111';
const PART = '22222222-2222-4222-8222-222222222222';
const NEWER = '33333333-3333-4333-8333-333333333333';

describe('DiagramEditor: the admin places numbered hotspots on the diagram', () => {
  function serve() {
    const placed: unknown[] = [];
    server.use(
      http.get(`/api/equipment/models/${MODEL}/diagram`, () =>
        HttpResponse.json({
          url: '/media/uploads/rs75.webp',
          hotspots: [
            { number: 1, xPct: 10, yPct: 20, productId: PART, name: 'Air filter', priceCents: 4500 },
          ],
        }),
      ),
      http.put(`/api/equipment/models/${MODEL}/hotspots`, async ({ request }) => {
        placed.push(await request.json());
        return HttpResponse.json({ acknowledged: true });
      }),
    );
    return placed;
  }

  it('from the keyboard: number, x%, y% and the part, then Place hotspot', async () => {
    const placed = serve();
    const { user } = renderWithProviders(<DiagramEditor modelId={MODEL} />);
    expect(await screen.findByText('1. Air filter at 10%, 20%')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Hotspot number'));
    await user.type(screen.getByLabelText('Hotspot number'), '2');
    await user.type(screen.getByLabelText('x (% of the width)'), '42.5');
    await user.type(screen.getByLabelText('y (% of the height)'), '61');
    await user.type(screen.getByLabelText('Part product id'), NEWER);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(placed).toEqual([{ number: 2, xPct: 42.5, yPct: 61, productId: NEWER }]));
    expect(await screen.findByRole('status')).toHaveTextContent('Hotspot placed.');
  });

  it('a click on the image fills x% and y% with the point clicked', async () => {
    serve();
    renderWithProviders(<DiagramEditor modelId={MODEL} />);
    const img = await screen.findByRole('img', { name: /exploded diagram/i });
    img.getBoundingClientRect = () => ({ left: 100, top: 50, width: 400, height: 200 }) as DOMRect;
    fireEvent.click(img, { clientX: 200, clientY: 100 });
    expect(screen.getByLabelText('x (% of the width)')).toHaveValue(25);
    expect(screen.getByLabelText('y (% of the height)')).toHaveValue(25);
  });

  it("shows the server's refusal on the field it names", async () => {
    serve();
    server.use(
      http.put(`/api/equipment/models/${MODEL}/hotspots`, () =>
        HttpResponse.json(
          { error: 'bad_request', message: 'productId: is not a product', field: 'productId' },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderWithProviders(<DiagramEditor modelId={MODEL} />);
    await screen.findByText('1. Air filter at 10%, 20%');
    await user.type(screen.getByLabelText('x (% of the width)'), '1');
    await user.type(screen.getByLabelText('y (% of the height)'), '1');
    await user.click(screen.getByRole('button', { name: 'Place hotspot' }));
    expect(await screen.findByText(/is not a product/)).toBeInTheDocument();
    expect(screen.getByLabelText('Part product id')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('FitListEditor and ReplacedByForm', () => {
  it('adds a part that fits within a serial range', async () => {
    const added: unknown[] = [];
    server.use(
      http.get(`/api/equipment/models/${MODEL}/fits`, () =>
        HttpResponse.json([
          { id: 'f1', productId: PART, productName: 'Separator', serialFrom: 'N5000', serialTo: null },
        ]),
      ),
      http.post(`/api/equipment/models/${MODEL}/fits`, async ({ request }) => {
        added.push(await request.json());
        return HttpResponse.json({ insertedId: 'f2' });
      }),
    );
    const { user } = renderWithProviders(<FitListEditor modelId={MODEL} />);
    expect(await screen.findByText('Separator (serials N5000 to …)')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Fitting part product id'), NEWER);
    await user.type(screen.getByLabelText('Fits from serial (optional)'), 'N1000');
    await user.click(screen.getByRole('button', { name: 'Add to fit list' }));
    await waitFor(() => expect(added).toEqual([{ productId: NEWER, serialFrom: 'N1000', serialTo: null }]));
  });

  it('marks a part replaced by another, and an empty successor clears it', async () => {
    const saved: { id: string; body: unknown }[] = [];
    server.use(
      http.put('/api/equipment/parts/:id/replaced-by', async ({ request, params }) => {
        saved.push({ id: String(params.id), body: await request.json() });
        return HttpResponse.json({ acknowledged: true });
      }),
    );
    const { user } = renderWithProviders(<ReplacedByForm />);
    await user.type(screen.getByLabelText('Superseded part product id'), PART);
    await user.type(screen.getByLabelText(/^Replaced by product id/), NEWER);
    await user.click(screen.getByRole('button', { name: 'Save replacement' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    await user.clear(screen.getByLabelText(/^Replaced by product id/));
    await user.click(screen.getByRole('button', { name: 'Save replacement' }));
    await waitFor(() =>
      expect(saved).toEqual([
        { id: PART, body: { replacedById: NEWER } },
        { id: PART, body: { replacedById: null } },
      ]),
    );
  });
});
