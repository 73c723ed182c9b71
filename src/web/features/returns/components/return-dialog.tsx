import { useState, type FormEvent } from 'react';
import type { Order } from '@shared/orders/orders.schema';
import { formatOrderNumber } from '@shared/orders/order-number';
import {
  MAX_RETURN_PHOTOS,
  returnReasonLabels,
  returnReasons,
  type ReturnReason,
} from '@shared/returns/returns.constants';
import { Modal, ModalFormActions } from '@/components/ui/modal';
import { Field, SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { FormError } from '@/components/ui/error-text';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { imageFileProblem, uploadImage } from '@/lib/upload-image';
import { useCreateReturn, useReturnPolicies } from '../api/returns';

const fieldOf = (field: string) =>
  /quantity$/.test(field)
    ? 'quantity'
    : field.startsWith('photos')
      ? 'photos'
      : field === 'reason'
        ? 'reason'
        : null;

/**
 * "Return items" for a shipped order line: how many units, why, photos and comments. The server checks the units
 * still returnable and the reason's return window, and says why when it refuses.
 */
export function ReturnDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const create = useCreateReturn();
  const policies = useReturnPolicies();
  const shipped = order.shippedQuantity ?? 0;
  const [quantity, setQuantity] = useState(String(shipped));
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [comments, setComments] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [uploading, setUploading] = useState(false);
  const policy = reason && policies.data?.[reason];

  function check() {
    const found: Record<string, string> = {};
    const q = Number(quantity);
    if (!Number.isInteger(q) || q < 1 || q > shipped)
      found.quantity = `Enter a whole number from 1 to ${shipped}`;
    if (!reason) found.reason = 'Choose a reason';
    if (photos.length > MAX_RETURN_PHOTOS) found.photos = `Choose at most ${MAX_RETURN_PHOTOS} photos`;
    const bad = photos.map(imageFileProblem).find(Boolean);
    if (bad) found.photos = bad;
    return found;
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFormError(undefined);
    const found = check();
    setErrors(found);
    if (Object.keys(found).length || !reason) return;
    try {
      setUploading(true);
      const urls = await Promise.all(photos.map(uploadImage));
      setUploading(false);
      await create.mutateAsync({
        lines: [{ orderId: order._id, quantity: Number(quantity) }],
        reason,
        ...(comments.trim() && { comments: comments.trim() }),
        ...(urls.length && { photos: urls }),
      });
      void notify('success', 'Return requested: we emailed you and will answer shortly');
      onClose();
    } catch (err) {
      setUploading(false);
      const key = err instanceof ApiError && err.field ? fieldOf(err.field) : null;
      const message = err instanceof Error ? err.message.replace(/^[\w.]+: /, '') : String(err);
      if (key) setErrors({ [key]: message });
      else setFormError(message || 'The return could not be requested.');
    }
  }

  const busy = uploading || create.isPending;
  return (
    <Modal title="Return items" busy={busy} onClose={onClose}>
      <form noValidate onSubmit={(e) => void submit(e)} className="mt-3 flex flex-col gap-4">
        <p>
          Order {formatOrderNumber(order.orderNumber)}: {order.productName}, {shipped} of {order.quantity}{' '}
          shipped.
        </p>
        <TextField
          label="Quantity to return"
          type="number"
          inputMode="numeric"
          min={1}
          max={shipped}
          value={quantity}
          error={errors.quantity}
          onChange={(e) => setQuantity(e.target.value)}
        />
        <SelectField
          label="Reason"
          value={reason}
          error={errors.reason}
          hint={
            policy
              ? `Returns for this reason are accepted within ${policy.windowDays} days of shipping${policy.feePercent ? `; a ${policy.feePercent}% restocking fee applies` : ''}.`
              : undefined
          }
          onChange={(e) => setReason(e.target.value as ReturnReason)}
        >
          <option value="">Choose a reason</option>
          {returnReasons.map((r) => (
            <option key={r} value={r}>
              {returnReasonLabels[r]}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label="Comments (optional)"
          maxLength={2000}
          value={comments}
          onChange={(e) => setComments(e.target.value)}
        />
        <Field
          label="Photos (optional)"
          error={errors.photos}
          hint={`Up to ${MAX_RETURN_PHOTOS} JPEG, PNG or WebP images, 5 MB each.`}
        >
          {(control) => (
            <input
              {...control}
              type="file"
              multiple
              accept="image/jpeg,image/png,image/webp"
              className={`${control.className} file-input w-full`}
              onChange={(e) => setPhotos([...(e.target.files ?? [])])}
            />
          )}
        </Field>
        <FormError message={formError} />
        <ModalFormActions busy={busy} onCancel={onClose} submitLabel="Request return" />
      </form>
    </Modal>
  );
}

/** The order page's "Return items" button: for the buyer of a line with shipped units. */
export function ReturnItemsButton({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  if (!order.shippedQuantity || !order.paymentStatus) return null;
  return (
    <>
      <button type="button" className="btn btn-outline mt-6 mr-2" onClick={() => setOpen(true)}>
        Return items
      </button>
      {open && <ReturnDialog order={order} onClose={() => setOpen(false)} />}
    </>
  );
}
