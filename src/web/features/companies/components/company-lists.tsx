import { useState } from 'react';
import { companiesCalls as calls } from '@shared/companies/companies.calls';
import type { CompanyView } from '@shared/companies/companies.schema';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormError } from '@/components/ui/error-text';
import { TextField } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import { notify } from '@/lib/notify';
import { useAddList, useCompanyPages, useDeleteList, useListToCart } from '../api/companies';
import { PagedItems, Section, useSubmit } from './company-parts';

/**
 * Parses "SKU, quantity" lines (one a line) into list lines, with the line of the box each came from, counted from 1
 * (blank lines are not sent).
 */
function parseLines(text: string) {
  const lines: { sku: string; quantity: number }[] = [];
  const at: number[] = [];
  text.split('\n').forEach((raw, i) => {
    const l = raw.trim();
    if (!l) return;
    const [sku = '', qty = ''] = l.split(/[,\s]+/);
    lines.push({ sku, quantity: Number(qty) });
    at.push(i + 1);
  });
  return { lines, at };
}

/**
 * The server names a line by its place in the list it was sent ("Line 3: …" for `lines.2`); the box may hold blank
 * lines that were not sent, so the message names the line of the box the person typed it on.
 */
function boxLineMessage(error: { message: string; field: string | undefined }, at: number[]) {
  const index = /^lines\.(\d+)/.exec(error.field ?? '')?.[1];
  const box = index === undefined ? undefined : at[Number(index)];
  if (box === undefined) return error.message;
  return error.message.replace(new RegExp(`^Line ${Number(index) + 1}\\b`), `Line ${box}`);
}

/** The company's shared lists: any member adds one to their cart; admins and buyers keep them. */
export function SharedLists({ company }: { company: CompanyView }) {
  const canEdit = company.myRoles.includes('admin') || company.myRoles.includes('buyer');
  const lists = useCompanyPages(calls.lists, company._id, 'lists');
  const add = useAddList(company._id);
  const del = useDeleteList(company._id);
  const toCart = useListToCart(company._id);
  const [name, setName] = useState('');
  const [lines, setLines] = useState('');
  const [confirm, setConfirm] = useState<{ id: string; name: string }>();
  const s = useSubmit();
  // The box's line of each line sent with the last save, for the server's "Line N" (boxLineMessage).
  const [sentAt, setSentAt] = useState<number[]>([]);
  return (
    <Section title="Shared lists">
      <PagedItems query={lists} what="shared lists" empty="No shared lists yet.">
        {(items) => (
          <ul className="mt-3 flex flex-col gap-3">
            {items.map((l) => (
              <li key={l._id} className="rounded-box border border-base-300 p-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="font-semibold">{l.name}</h3>
                  <div className="flex gap-2">
                    <button
                      type="button"
                      className="btn btn-sm btn-primary"
                      disabled={toCart.isPending || l.lines.length === 0}
                      onClick={() =>
                        toCart.mutate(l._id, {
                          onSuccess: (r) =>
                            void notify(
                              'success',
                              r.changes.length
                                ? `Added to your cart. ${r.changes.map((c) => `${c.name}: ${c.message}`).join(' ')}`
                                : `${l.name} added to your cart`,
                            ),
                          onError: (e) => void notify('error', e.message),
                        })
                      }
                    >
                      Add all of {l.name} to cart
                    </button>
                    {canEdit && (
                      <button
                        type="button"
                        className="btn btn-sm btn-outline btn-error"
                        onClick={() => setConfirm({ id: l._id, name: l.name })}
                      >
                        Delete {l.name}
                      </button>
                    )}
                  </div>
                </div>
                <ul className="mt-2 text-sm">
                  {l.lines.map((line) => (
                    <li key={line.productId}>
                      {line.sku ?? '—'} · {line.name} × {line.quantity}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </PagedItems>
      {confirm && (
        <ConfirmDialog
          title={`Delete ${confirm.name}?`}
          confirmLabel="Delete"
          busy={del.isPending}
          onClose={() => setConfirm(undefined)}
          onConfirm={() => del.mutate(confirm.id, { onSuccess: () => setConfirm(undefined) })}
        >
          The list is gone for every member of the company.
        </ConfirmDialog>
      )}
      {canEdit && (
        <form
          noValidate
          aria-labelledby="new-list-heading"
          className="mt-4 flex max-w-xl flex-col gap-3"
          onSubmit={s.run(async () => {
            const parsed = parseLines(lines);
            setSentAt(parsed.at);
            await add.mutateAsync({ name, lines: parsed.lines });
            setName('');
            setLines('');
            void notify('success', 'Shared list saved');
          })}
        >
          <h3 id="new-list-heading" className="text-lg font-semibold">
            New shared list
          </h3>
          <TextField
            label="List name"
            value={name}
            maxLength={80}
            onChange={(e) => setName(e.target.value)}
            error={s.fieldError('name')}
          />
          <div className="flex flex-col gap-1">
            <label htmlFor="list-lines" className="font-medium">
              Lines (one "SKU, quantity" a line)
            </label>
            <textarea
              id="list-lines"
              className="textarea w-full border border-base-content/50"
              rows={4}
              value={lines}
              onChange={(e) => setLines(e.target.value)}
              aria-describedby={s.error?.field?.startsWith('lines') ? 'list-lines-error' : undefined}
            />
            {s.error?.field?.startsWith('lines') && (
              <p id="list-lines-error" className="text-sm text-error">
                {boxLineMessage(s.error, sentAt)}
              </p>
            )}
          </div>
          <FormError
            message={s.error && !s.error.field?.match(/^(name|lines)/) ? s.error.message : undefined}
          />
          <div>
            <SubmitButton busy={s.busy}>Save list</SubmitButton>
          </div>
        </form>
      )}
    </Section>
  );
}
