import { useState } from 'react';
import type { Allocations } from '@shared/credit/credit.schema';
import { ErrorText } from '@/components/ui/error-text';
import { TextField } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useBankTransfer } from '../api/credit';

const errorText = (err: unknown) =>
  err instanceof ApiError ? err.message : 'Something went wrong. Please try again.';
const todayIso = () => new Date().toISOString().slice(0, 10);

/** The shop admin records money received by bank transfer against the selected invoices. */
export function BankTransferForm({
  companyId,
  allocations,
  onDone,
}: {
  companyId: string;
  allocations: Allocations;
  onDone(paymentId: string): void;
}) {
  const transfer = useBankTransfer(companyId);
  const [reference, setReference] = useState('');
  const [receivedOn, setReceivedOn] = useState(todayIso());
  const failure = transfer.error instanceof ApiError ? transfer.error : undefined;
  const fieldError = (f: string) => (failure?.field === f ? failure.message : undefined);
  return (
    <form
      className="mt-4 grid gap-3 sm:grid-cols-2"
      aria-label="Record a bank transfer"
      onSubmit={(e) => {
        e.preventDefault();
        transfer.mutate(
          { allocations, reference, receivedOn },
          {
            onSuccess: (p) => {
              void notify('success', 'Bank transfer recorded.');
              onDone(p._id);
            },
          },
        );
      }}
    >
      <TextField
        label="Bank reference"
        value={reference}
        onChange={(e) => setReference(e.target.value)}
        error={fieldError('reference')}
        required
      />
      <TextField
        label="Received on"
        type="date"
        value={receivedOn}
        onChange={(e) => setReceivedOn(e.target.value)}
        error={fieldError('receivedOn')}
        required
      />
      {transfer.error && !fieldError('reference') && !fieldError('receivedOn') && (
        <ErrorText error={errorText(transfer.error)} alert className="sm:col-span-2" />
      )}
      <div>
        <SubmitButton busy={transfer.isPending}>Record the bank transfer</SubmitButton>
      </div>
    </form>
  );
}
