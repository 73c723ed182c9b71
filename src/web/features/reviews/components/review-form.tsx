import { useId, useRef, useState, type FormEvent } from 'react';
import type { Order } from '@shared/orders/orders.schema';
import { messages } from '@shared/messages';
import { RATINGS } from '@shared/reviews/reviews.schema';
import { notify } from '@/lib/notify';
import { SelectField, TextAreaField } from '@/components/ui/field';
import { Modal, ModalFormActions } from '@/components/ui/modal';
import { useCreateReview } from '../api/create-review';

/**
 * Review form for a delivered order: a 1–5 Star rating and a message, both required
 * ("Please input all requirements", cleared when the text box is clicked).
 */
export function ReviewForm({
  order,
  customer,
  onClose,
}: {
  order: Pick<Order, '_id' | 'productName'>;
  customer: { name: string; email: string };
  onClose: () => void;
}) {
  const createReview = useCreateReview();
  const ratingRef = useRef<HTMLSelectElement>(null);
  const incompleteId = useId();
  const [rating, setRating] = useState('');
  const [reviewMessage, setReviewMessage] = useState('');
  const [incomplete, setIncomplete] = useState(false);
  const [serverError, setServerError] = useState('');
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setServerError('');
    if (!rating || !reviewMessage.trim()) {
      setIncomplete(true);
      return;
    }
    setBusy(true);
    try {
      await createReview({
        orderId: order._id,
        productName: order.productName,
        reviewMessage: reviewMessage.trim(),
        rating: Number(rating),
        name: customer.name,
        email: customer.email,
      });
      void notify('success', messages.reviewSaved);
      onClose();
    } catch (err) {
      setServerError((err as Error).message);
      setBusy(false);
    }
  };

  return (
    <Modal title={`Review ${order.productName}`} busy={busy} initialFocus={ratingRef} onClose={onClose}>
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-4 flex flex-col gap-4">
        <SelectField
          ref={ratingRef}
          label="Rating"
          value={rating}
          onChange={(e) => setRating(e.target.value)}
          aria-describedby={incomplete ? incompleteId : undefined}
        >
          <option value="">Choose a rating</option>
          {RATINGS.map((n) => (
            <option key={n} value={n}>
              {n} Star
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label="Review"
          rows={4}
          maxLength={2000}
          value={reviewMessage}
          onChange={(e) => setReviewMessage(e.target.value)}
          onClick={() => setIncomplete(false)}
          aria-describedby={incomplete ? incompleteId : undefined}
        />
        <p
          id={incompleteId}
          role="alert"
          className={incomplete ? 'text-sm font-medium text-error' : 'sr-only'}
        >
          {incomplete ? messages.reviewIncomplete : ''}
        </p>
        {serverError && (
          <p role="alert" className="text-sm font-medium text-error">
            {serverError}
          </p>
        )}
        <ModalFormActions busy={busy} onCancel={onClose} submitLabel="Submit review" />
      </form>
    </Modal>
  );
}
