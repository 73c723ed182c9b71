import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { formatShipDate, shipDateAfter } from '@shared/orders/orders.schema';
import { customer, linePriceHandler, savedAddressesHandler } from '@/test/order-fixtures';
import { renderWithProviders, setupMswServer } from '@/test/utils';
import { canOrder, OrderModal, type OrderableProduct } from './order-modal';

setupMswServer(savedAddressesHandler(), linePriceHandler());

const jack: OrderableProduct = {
  _id: '0b9c4f0e-8a51-4a7e-9d0c-1f2e3a4b5c70',
  name: 'Pallet jack',
  img: '/media/jack.webp',
  price: 400,
  quantity: 3,
  minOrder: 1,
  desc: 'Manual.',
  packSize: 1,
  priceBreaks: [],
  backorderable: true,
  leadTimeDays: 14,
};

describe('Order modal backorders', () => {
  it('a backorderable product may be ordered above its stock; the modal says what goes on backorder', async () => {
    const { user } = renderWithProviders(
      <OrderModal product={jack} customer={customer} onClose={() => {}} />,
    );
    const dialog = within(screen.getByRole('dialog', { name: 'Order Pallet jack' }));
    const quantity = dialog.getByLabelText('Quantity');
    expect(quantity).not.toHaveAttribute('max');
    await user.clear(quantity);
    await user.type(quantity, '5');
    expect(
      dialog.getByText(`2 on backorder, ships about ${formatShipDate(shipDateAfter(14))}`),
    ).toBeInTheDocument();
    expect(quantity).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('can be ordered with no stock at all; without backorders it cannot', () => {
    expect(canOrder({ ...jack, quantity: 0 })).toBe(true);
    expect(canOrder({ ...jack, quantity: 0, backorderable: false })).toBe(false);
  });
});
