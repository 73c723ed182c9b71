import { useState, type FormEvent } from 'react';
import type { Return } from '@shared/returns/returns.schema';
import { Modal, ModalFormActions } from '@/components/ui/modal';
import { TextField } from '@/components/ui/field';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { FormError } from '@/components/ui/error-text';
import { notify } from '@/lib/notify';
import { useReturnStep } from '../api/returns';

const messageOf = (err: unknown) =>
  err instanceof Error ? err.message.replace(/^[\w.]+: /, '') : String(err);

/** Approve (instructions) or reject (a reason): one text the buyer is mailed. */
export function DecideDialog({
  r,
  step,
  onClose,
}: {
  r: Return;
  step: 'approve' | 'reject';
  onClose: () => void;
}) {
  const mutation = useReturnStep();
  const [formError, setFormError] = useState<string>();
  const approve = step === 'approve';
  const send = async (text: string) => {
    setFormError(undefined);
    try {
      const done = await mutation.mutateAsync(
        approve ? { id: r._id, step, instructions: text } : { id: r._id, step, reason: text },
      );
      void notify(
        'success',
        approve ? `Approved as ${done.rma}: the buyer was emailed` : 'Rejected: the buyer was emailed',
      );
      onClose();
    } catch (err) {
      setFormError(messageOf(err));
    }
  };
  return (
    <ReasonDialog
      title={approve ? 'Approve return' : 'Reject return'}
      label={approve ? 'Instructions for the buyer' : 'Reason for the buyer'}
      hint={approve ? 'Where to send it and how to pack it; the RMA number is added for you.' : undefined}
      maxLength={2000}
      confirmLabel={approve ? 'Approve' : 'Reject'}
      busy={mutation.isPending}
      error={formError}
      onClose={onClose}
      check={(text) =>
        text.trim()
          ? { ok: true, text: text.trim() }
          : {
              ok: false,
              message: approve ? 'Tell the buyer how to send the goods back' : 'Tell the buyer why',
            }
      }
      onConfirm={(text) => void send(text)}
    >
      {approve
        ? 'The buyer is emailed the RMA number with your instructions.'
        : 'The buyer is emailed that the return is not approved, with your reason.'}
    </ReasonDialog>
  );
}

/** What came back of each line: resaleable units are restocked, damaged ones scrapped. */
export function ReceiveDialog({ r, onClose }: { r: Return; onClose: () => void }) {
  const mutation = useReturnStep();
  const [counts, setCounts] = useState(() =>
    Object.fromEntries(r.lines.map((l) => [l._id, { restock: String(l.quantity), scrap: '0' }])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const set = (id: string, part: 'restock' | 'scrap', value: string) =>
    setCounts((c) => ({ ...c, [id]: { ...c[id]!, [part]: value } }));
  async function submit(e: FormEvent) {
    e.preventDefault();
    setFormError(undefined);
    const found: Record<string, string> = {};
    for (const l of r.lines) {
      const restock = Number(counts[l._id]!.restock);
      const scrap = Number(counts[l._id]!.scrap);
      if (![restock, scrap].every((n) => Number.isInteger(n) && n >= 0) || restock + scrap > l.quantity)
        found[l._id] = `Restocked and scrapped must be whole numbers adding up to at most ${l.quantity}`;
    }
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await mutation.mutateAsync({
        id: r._id,
        step: 'receive',
        lines: r.lines.map((l) => ({
          lineId: l._id,
          restock: Number(counts[l._id]!.restock),
          scrap: Number(counts[l._id]!.scrap),
        })),
      });
      void notify('success', 'Received: stock updated and the buyer emailed');
      onClose();
    } catch (err) {
      setFormError(messageOf(err));
    }
  }
  return (
    <Modal title={`Receive ${r.rma ?? 'return'}`} busy={mutation.isPending} onClose={onClose}>
      <form noValidate onSubmit={(e) => void submit(e)} className="mt-3 flex flex-col gap-4">
        {r.lines.map((l) => (
          <fieldset key={l._id} className="rounded-box border border-base-300 p-3">
            <legend className="px-1 font-semibold">
              {l.quantity} × {l.productName}
            </legend>
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField
                label="Resaleable: restock"
                type="number"
                inputMode="numeric"
                min={0}
                value={counts[l._id]!.restock}
                error={errors[l._id]}
                onChange={(e) => set(l._id, 'restock', e.target.value)}
              />
              <TextField
                label="Damaged: scrap"
                type="number"
                inputMode="numeric"
                min={0}
                value={counts[l._id]!.scrap}
                onChange={(e) => set(l._id, 'scrap', e.target.value)}
              />
            </div>
          </fieldset>
        ))}
        <FormError message={formError} />
        <ModalFormActions busy={mutation.isPending} onCancel={onClose} submitLabel="Record receipt" />
      </form>
    </Modal>
  );
}

/** Refund (less the restocking fee) or replace, after a confirmation. */
export function ResolveDialog({
  r,
  resolution,
  onClose,
}: {
  r: Return;
  resolution: 'refund' | 'replace';
  onClose: () => void;
}) {
  const mutation = useReturnStep();
  const [error, setError] = useState<string>();
  const refund = resolution === 'refund';
  return (
    <ConfirmDialog
      title={refund ? `Refund ${r.rma ?? 'return'}?` : `Replace ${r.rma ?? 'return'}?`}
      confirmLabel={refund ? 'Refund' : 'Replace'}
      busy={mutation.isPending}
      error={error}
      onClose={onClose}
      onConfirm={() =>
        void mutation
          .mutateAsync({ id: r._id, step: 'resolve', resolution })
          .then(() => {
            void notify(
              'success',
              refund ? 'Refunded: the credit note is mailed to the buyer' : 'Replacement recorded',
            );
            onClose();
          })
          .catch((err: unknown) => setError(messageOf(err)))
      }
    >
      {refund
        ? 'The units that came back are refunded to the buyer’s card, less the restocking fee the shop sets for this reason. This cannot be undone.'
        : 'The units that came back are sent again as a new order at no charge, from stock. This cannot be undone.'}
    </ConfirmDialog>
  );
}
