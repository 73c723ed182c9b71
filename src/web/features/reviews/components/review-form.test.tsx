import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { messages } from '@shared/messages';
import { customer, makeOrder } from '@/test/order-fixtures';
import { expectNoToast, renderWithProviders, setupMswServer } from '@/test/utils';
import { ReviewForm } from './review-form';

const server = setupMswServer();
const order = makeOrder({
  productName: 'Bench grinder',
  paymentStatus: true,
  orderStatus: 'Delivered',
  review: true,
});

function renderForm() {
  const onClose = vi.fn();
  const view = renderWithProviders(<ReviewForm order={order} customer={customer} onClose={onClose} />);
  return { ...view, onClose, dialog: within(screen.getByRole('dialog', { name: 'Review Bench grinder' })) };
}

describe('ReviewForm', () => {
  it('offers "1 Star" to "5 Star" after an empty placeholder', () => {
    const { dialog } = renderForm();
    const options = within(dialog.getByLabelText('Rating')).getAllByRole('option');
    expect(options.map((o) => [(o as HTMLOptionElement).value, o.textContent])).toEqual([
      ['', 'Choose a rating'],
      ['1', '1 Star'],
      ['2', '2 Star'],
      ['3', '3 Star'],
      ['4', '4 Star'],
      ['5', '5 Star'],
    ]);
    expect(dialog.getByLabelText('Review').tagName).toBe('TEXTAREA');
  });

  it('asks for every field, and clears the message when the text box is clicked', async () => {
    const post = vi.fn();
    server.use(http.post('/api/review', () => (post(), HttpResponse.json({}))));
    const { user, dialog } = renderForm();

    await user.click(dialog.getByRole('button', { name: 'Submit review' }));
    expect(dialog.getByRole('alert')).toHaveTextContent(messages.reviewIncomplete);

    await user.click(dialog.getByLabelText('Review'));
    expect(dialog.queryByText(messages.reviewIncomplete)).not.toBeInTheDocument();

    // A rating alone is not enough, nor a message alone.
    await user.selectOptions(dialog.getByLabelText('Rating'), '4');
    await user.click(dialog.getByRole('button', { name: 'Submit review' }));
    expect(dialog.getByText(messages.reviewIncomplete)).toBeInTheDocument();
    await user.click(dialog.getByLabelText('Review'));
    await user.type(dialog.getByLabelText('Review'), 'Great');
    await user.selectOptions(dialog.getByLabelText('Rating'), '');
    await user.click(dialog.getByRole('button', { name: 'Submit review' }));
    expect(dialog.getByText(messages.reviewIncomplete)).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('posts the rating as a number with the order, toasts "Review setSuccessfully" and closes', async () => {
    let body: unknown;
    server.use(
      http.post('/api/review', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ acknowledged: true, insertedId: 'r1' });
      }),
    );
    const { user, dialog, onClose } = renderForm();
    await user.selectOptions(dialog.getByLabelText('Rating'), '4 Star');
    await user.type(dialog.getByLabelText('Review'), 'Sharp and quiet.');
    await user.click(dialog.getByRole('button', { name: 'Submit review' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(body).toEqual({
      orderId: order._id,
      productName: 'Bench grinder',
      reviewMessage: 'Sharp and quiet.',
      rating: 4,
      name: customer.name,
      email: customer.email,
    });
    expect(await screen.findByText(messages.reviewSaved)).toBeInTheDocument();
  });

  it('shows the server refusal', async () => {
    server.use(
      http.post('/api/review', () =>
        HttpResponse.json(
          { error: 'conflict', message: 'You have already reviewed this order.' },
          { status: 409 },
        ),
      ),
    );
    const { user, dialog, onClose } = renderForm();
    await user.selectOptions(dialog.getByLabelText('Rating'), '5');
    await user.type(dialog.getByLabelText('Review'), 'Again');
    await user.click(dialog.getByRole('button', { name: 'Submit review' }));
    expect(await dialog.findByText('You have already reviewed this order.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expectNoToast();
  });
});
