import { useState } from 'react';
import type { Return } from '@shared/returns/returns.schema';
import type { ReturnStatus } from '@shared/returns/returns.constants';
import { useReturns } from '../api/returns';
import { ReturnsList } from './returns-list';
import { DecideDialog, ReceiveDialog, ResolveDialog } from './return-step-dialogs';

type Open =
  | { r: Return; kind: 'approve' | 'reject' | 'receive' }
  | { r: Return; kind: 'resolve'; resolution: 'refund' | 'replace' };

/** Every return, by status, with the step each allows: approve or reject, receive, refund or replace. */
export function AdminReturns() {
  const [status, setStatus] = useState<ReturnStatus | ''>('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Open | null>(null);
  const query = useReturns('all', status, page);
  const button = (label: string, next: Open, primary = false) => (
    <button
      type="button"
      className={`btn btn-sm ${primary ? 'btn-primary' : ''}`}
      onClick={() => setOpen(next)}
    >
      {label}
    </button>
  );
  const close = () => setOpen(null);
  return (
    <>
      <ReturnsList
        query={query}
        status={status}
        page={page}
        onStatus={(s) => {
          setStatus(s);
          setPage(1);
        }}
        onPage={setPage}
        actions={(r) => {
          if (r.status === 'requested')
            return (
              <>
                {button('Approve', { r, kind: 'approve' }, true)}
                {button('Reject', { r, kind: 'reject' })}
              </>
            );
          if (r.status === 'approved') return button('Receive', { r, kind: 'receive' }, true);
          if (r.status === 'received')
            return (
              <>
                {button('Refund', { r, kind: 'resolve', resolution: 'refund' }, true)}
                {r.reason === 'warranty_failure' &&
                  button('Replace', { r, kind: 'resolve', resolution: 'replace' })}
              </>
            );
          return null;
        }}
      />
      {open?.kind === 'approve' && <DecideDialog r={open.r} step="approve" onClose={close} />}
      {open?.kind === 'reject' && <DecideDialog r={open.r} step="reject" onClose={close} />}
      {open?.kind === 'receive' && <ReceiveDialog r={open.r} onClose={close} />}
      {open?.kind === 'resolve' && <ResolveDialog r={open.r} resolution={open.resolution} onClose={close} />}
    </>
  );
}

/** The buyer's returns with their status. */
export function MyReturns() {
  const [status, setStatus] = useState<ReturnStatus | ''>('');
  const [page, setPage] = useState(1);
  const query = useReturns('mine', status, page);
  return (
    <ReturnsList
      query={query}
      status={status}
      page={page}
      onStatus={(s) => {
        setStatus(s);
        setPage(1);
      }}
      onPage={setPage}
    />
  );
}
