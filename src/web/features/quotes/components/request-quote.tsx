import { useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { MAX_QUOTE_QUANTITY } from '@shared/quotes/quotes.schema';
import { FormError } from '@/components/ui/error-text';
import { TextAreaField, TextField } from '@/components/ui/field';
import { Modal, ModalFormActions } from '@/components/ui/modal';
import { paths } from '@/config/paths';
import { formatCount } from '@/lib/format';
import { sentence } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useApiForm } from '@/lib/use-api-form';
import { useQuoteActions } from '../api/quotes';
import { dayFromToday } from './format-day';

/** One line to ask a price for: the cart's lines, or the product page's product. */
export interface QuoteDraftLine {
  productId: string;
  name: string;
  quantity: number;
}

// The dialog's fields: an empty date input and an empty note mean "not given".
const formSchema = z.object({
  quantity: z
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(MAX_QUOTE_QUANTITY, { error: `must be at most ${formatCount(MAX_QUOTE_QUANTITY)}` }),
  note: z.string().trim().max(2000, { error: 'must be at most 2000 characters' }),
  wantedBy: z
    .union([z.literal(''), z.iso.date({ error: 'must be a date' })])
    .refine((d) => !d || d >= dayFromToday(), {
      error: 'must not be in the past',
    }),
});

/**
 * The API names `lines.0.quantity`, `note` or `wantedBy`, or `lines` for a product it refuses: with one product that
 * is about its quantity's line, so the message goes under Quantity; a cart's lines have no field of their own.
 */
const fieldOf = (quantityEditable: boolean) => (apiField: string) =>
  apiField === 'note' || apiField === 'wantedBy'
    ? apiField
    : quantityEditable && apiField.startsWith('lines')
      ? 'quantity'
      : undefined;

function RequestQuoteDialog({
  lines,
  quantityEditable,
  onClose,
}: {
  lines: QuoteDraftLine[];
  /** One product: the customer types the quantity; a cart's lines keep theirs. */
  quantityEditable: boolean;
  onClose: () => void;
}) {
  const { request } = useQuoteActions();
  const [sent, setSent] = useState(false);
  const {
    register,
    submitWith,
    formState: { errors, isSubmitting },
  } = useApiForm(formSchema, {
    defaultValues: { quantity: lines[0]?.quantity ?? 1, note: '', wantedBy: '' },
    formField: fieldOf(quantityEditable),
  });

  const onSubmit = submitWith(async ({ quantity, note, wantedBy }) => {
    await request({
      lines: lines.map((l) => ({
        productId: l.productId,
        quantity: quantityEditable ? quantity : l.quantity,
      })),
      ...(note ? { note } : {}),
      ...(wantedBy ? { wantedBy } : {}),
    });
    void notify('success', 'Quote requested');
    setSent(true);
  });

  if (sent)
    return (
      <Modal title="Quote requested" onClose={onClose}>
        <p className="py-4">We will answer with our prices; you will find the answer under My Quotes.</p>
        <div className="modal-action flex-wrap">
          <button type="button" className="btn" onClick={onClose}>
            Close
          </button>
          <Link to={paths.myQuotes} className="btn btn-primary">
            Go to My Quotes
          </Link>
        </div>
      </Modal>
    );

  return (
    <Modal title="Request a quote" busy={isSubmitting} onClose={onClose}>
      <form noValidate onSubmit={onSubmit} aria-label="Request a quote" className="mt-4 flex flex-col gap-4">
        {quantityEditable ? (
          <>
            <p>
              <span className="font-medium">{lines[0]?.name}</span>: ask for our price on a larger quantity,
              even above what is in stock.
            </p>
            <TextField
              label="Quantity"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              error={errors.quantity?.message && sentence(errors.quantity.message)}
              {...register('quantity', { valueAsNumber: true })}
            />
          </>
        ) : (
          <ul aria-label="Lines of the request" className="list-disc pl-5">
            {lines.map((l) => (
              <li key={l.productId}>
                {l.name} × {formatCount(l.quantity)}
              </li>
            ))}
          </ul>
        )}
        <TextAreaField
          label="Note (optional)"
          maxLength={2000}
          error={errors.note?.message && sentence(errors.note.message)}
          {...register('note')}
        />
        <TextField
          label="Wanted by (optional)"
          type="date"
          min={dayFromToday()}
          error={errors.wantedBy?.message && sentence(errors.wantedBy.message)}
          {...register('wantedBy')}
        />
        <FormError message={errors.root?.server?.message} />
        <ModalFormActions busy={isSubmitting} onCancel={onClose} submitLabel="Send request" />
      </form>
    </Modal>
  );
}

/** The product page's "Request a quote": one product, the quantity typed in the dialog. */
export function RequestQuoteButton({
  product,
  className = 'btn btn-ghost btn-lg',
}: {
  product: { _id: string; name: string; minOrder?: number };
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)}>
        Request a quote
      </button>
      {open && (
        <RequestQuoteDialog
          lines={[
            { productId: product._id, name: product.name, quantity: Math.max(1, product.minOrder ?? 1) },
          ]}
          quantityEditable
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

/** The cart page's "Request a quote for this cart": the cart's lines at their quantities. */
export function RequestCartQuoteButton({ lines }: { lines: QuoteDraftLine[] }) {
  const [open, setOpen] = useState(false);
  if (lines.length === 0) return null;
  return (
    <>
      <button type="button" className="btn btn-outline" onClick={() => setOpen(true)}>
        Request a quote for this cart
      </button>
      {open && <RequestQuoteDialog lines={lines} quantityEditable={false} onClose={() => setOpen(false)} />}
    </>
  );
}
