import { useState } from 'react';
import { companiesCalls as calls } from '@shared/companies/companies.calls';
import type { PriceList, PriceListInput, PriceRule } from '@shared/companies/price-lists.schema';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorText } from '@/components/ui/error-text';
import { SelectField, TextField } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import { useCompanyPages, useDeletePriceList, useSavePriceList } from '../api/companies';
import { errorOf, PagedItems, Section, useSubmit } from './company-parts';
import { formatCents } from '@shared/common/money';
import { PriceListCsv } from './price-list-csv';

type Kind = PriceRule['kind'];
/** A rule as the form holds it: what it names (SKU, category slug or brand) and its price or percentage, as typed. */
type RuleDraft = { kind: Kind; target: string; value: string };
type Draft = {
  itemId?: string | undefined;
  name: string;
  validFrom: string;
  validTo: string;
  rules: RuleDraft[];
};

const kindLabels: Record<Kind, { option: string; target: string; value: string }> = {
  sku: { option: 'Fixed price for a SKU', target: 'SKU', value: 'Unit price ($)' },
  category: { option: 'Percent off a category', target: 'Category slug', value: 'Percent off' },
  brand: { option: 'Percent off a brand', target: 'Brand', value: 'Percent off' },
};

const today = () => new Date().toISOString().slice(0, 10);
const emptyDraft = (): Draft => ({ name: '', validFrom: today(), validTo: '', rules: [] });

const draftOf = (l: PriceList): Draft => ({
  itemId: l._id,
  name: l.name,
  validFrom: l.validFrom,
  validTo: l.validTo ?? '',
  rules: l.rules.map((r) =>
    r.kind === 'sku'
      ? { kind: 'sku', target: r.sku, value: String(r.price) }
      : r.kind === 'category'
        ? { kind: 'category', target: r.category, value: String(r.percentOff) }
        : { kind: 'brand', target: r.brand, value: String(r.percentOff) },
  ),
});

const bodyOf = (d: Draft): PriceListInput => ({
  name: d.name,
  validFrom: d.validFrom,
  validTo: d.validTo || null,
  rules: d.rules.map((r) =>
    r.kind === 'sku'
      ? { kind: 'sku', sku: r.target, price: Number(r.value) }
      : r.kind === 'category'
        ? { kind: 'category', category: r.target, percentOff: Number(r.value) }
        : { kind: 'brand', brand: r.target, percentOff: Number(r.value) },
  ),
});

const ruleText = (r: PriceRule) =>
  r.kind === 'sku'
    ? `${r.sku} (${r.name}): ${formatCents(r.priceCents)} instead of ${formatCents(r.listPriceCents)}`
    : r.kind === 'category'
      ? `${r.percentOff}% off the category ${r.categoryName} and its subcategories`
      : `${r.percentOff}% off the brand ${r.brand}`;

/**
 * The company detail's price lists (shop admins, docs/decisions/039-trade-accounts.md): each list's validity and
 * rules, add, edit and delete (confirmed). A member pays the lowest of their valid lists' prices and the breaks.
 */
export function PriceListsAdmin({ companyId }: { companyId: string }) {
  const lists = useCompanyPages(calls.priceLists, companyId, 'price-lists');
  const del = useDeletePriceList(companyId);
  const [editing, setEditing] = useState<Draft>();
  const [confirm, setConfirm] = useState<PriceList>();
  return (
    <Section title="Price lists">
      <PagedItems query={lists} what="price lists" empty="No price lists: members pay list prices.">
        {(items) => (
          <ul className="mt-3 divide-y divide-base-300">
            {items.map((l) => (
              <li key={l._id} className="py-3">
                <h3 className="font-semibold">
                  {l.name}{' '}
                  <span className="font-normal text-base-content/75">
                    — valid {l.validFrom} to {l.validTo ?? 'no end date'}
                    {l.current ? ' (in force today)' : ' (not in force today)'}
                  </span>
                </h3>
                {l.rules.length === 0 ? (
                  <p className="text-base-content/75">No rules yet.</p>
                ) : (
                  <ul className="ml-5 list-disc">
                    {l.rules.map((r, i) => (
                      <li key={i}>{ruleText(r)}</li>
                    ))}
                  </ul>
                )}
                <div className="mt-2 flex gap-2">
                  <button type="button" className="btn btn-sm" onClick={() => setEditing(draftOf(l))}>
                    Edit {l.name}
                  </button>
                  <button
                    type="button"
                    className="btn btn-sm btn-error btn-outline"
                    onClick={() => setConfirm(l)}
                  >
                    Delete {l.name}
                  </button>
                </div>
                <PriceListCsv companyId={companyId} list={l} />
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
          error={del.error ? errorOf(del.error).message : undefined}
          onClose={() => setConfirm(undefined)}
          onConfirm={() => del.mutate(confirm._id, { onSuccess: () => setConfirm(undefined) })}
        >
          The company&apos;s members pay list prices for what it covered from their next page or cart.
        </ConfirmDialog>
      )}
      {editing ? (
        <PriceListForm
          key={editing.itemId ?? 'new'}
          companyId={companyId}
          initial={editing}
          onDone={() => setEditing(undefined)}
        />
      ) : (
        <button
          type="button"
          className="btn btn-sm btn-primary mt-4"
          onClick={() => setEditing(emptyDraft())}
        >
          Add a price list
        </button>
      )}
    </Section>
  );
}

function PriceListForm({
  companyId,
  initial,
  onDone,
}: {
  companyId: string;
  initial: Draft;
  onDone(): void;
}) {
  const [draft, setDraft] = useState(initial);
  const save = useSavePriceList(companyId);
  const { error, busy, run, fieldError } = useSubmit();
  const setRule = (i: number, patch: Partial<RuleDraft>) =>
    setDraft({ ...draft, rules: draft.rules.map((r, j) => (j === i ? { ...r, ...patch } : r)) });
  // A rule's refusal names `rules.N.<field>`: shown beside that rule's fields.
  const ruleError = (i: number, f: string) => fieldError(`rules.${i}.${f}`);
  const rendered = [
    'name',
    'validFrom',
    'validTo',
    ...draft.rules.flatMap((r, i) => [
      `rules.${i}.${r.kind === 'sku' ? 'sku' : r.kind}`,
      `rules.${i}.${r.kind === 'sku' ? 'price' : 'percentOff'}`,
    ]),
  ];
  // Any other refusal (a duplicate rule, too many lists …) is shown under the form.
  const shownElsewhere = !!error?.field && rendered.includes(error.field);
  return (
    <form
      className="mt-4 grid gap-3 rounded-box bg-base-200 p-4"
      aria-label={initial.itemId ? `Edit ${initial.name}` : 'New price list'}
      onSubmit={run(async () => {
        await save.mutateAsync({ itemId: draft.itemId, body: bodyOf(draft) });
        onDone();
      })}
    >
      <TextField
        label="Name"
        value={draft.name}
        onChange={(e) => setDraft({ ...draft, name: e.target.value })}
        error={fieldError('name')}
        required
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Valid from"
          type="date"
          value={draft.validFrom}
          onChange={(e) => setDraft({ ...draft, validFrom: e.target.value })}
          error={fieldError('validFrom')}
          required
        />
        <TextField
          label="Valid to"
          hint="The last day it applies; empty: no end date."
          type="date"
          value={draft.validTo}
          onChange={(e) => setDraft({ ...draft, validTo: e.target.value })}
          error={fieldError('validTo')}
        />
      </div>
      <fieldset>
        <legend className="font-medium">Rules</legend>
        {draft.rules.length === 0 && <p className="text-base-content/75">No rules yet.</p>}
        {draft.rules.map((r, i) => (
          <div key={i} className="mt-2 grid items-end gap-2 sm:grid-cols-[1fr_1fr_1fr_auto]">
            <SelectField
              label={`Rule ${i + 1} type`}
              value={r.kind}
              onChange={(e) => setRule(i, { kind: e.target.value as Kind })}
            >
              {(Object.keys(kindLabels) as Kind[]).map((k) => (
                <option key={k} value={k}>
                  {kindLabels[k].option}
                </option>
              ))}
            </SelectField>
            <TextField
              label={`Rule ${i + 1} ${kindLabels[r.kind].target}`}
              value={r.target}
              onChange={(e) => setRule(i, { target: e.target.value })}
              error={ruleError(i, r.kind === 'sku' ? 'sku' : r.kind)}
              required
            />
            <TextField
              label={`Rule ${i + 1} ${kindLabels[r.kind].value}`}
              type="number"
              step="0.01"
              min="0.01"
              value={r.value}
              onChange={(e) => setRule(i, { value: e.target.value })}
              error={ruleError(i, r.kind === 'sku' ? 'price' : 'percentOff')}
              required
            />
            <button
              type="button"
              className="btn btn-sm"
              onClick={() => setDraft({ ...draft, rules: draft.rules.filter((_, j) => j !== i) })}
            >
              Remove rule {i + 1}
            </button>
          </div>
        ))}
        <button
          type="button"
          className="btn btn-sm mt-2"
          onClick={() =>
            setDraft({ ...draft, rules: [...draft.rules, { kind: 'sku', target: '', value: '' }] })
          }
        >
          Add a rule
        </button>
      </fieldset>
      {error && !shownElsewhere && <ErrorText error={error.message} alert />}
      <div className="flex gap-2">
        <SubmitButton busy={busy}>
          {initial.itemId ? 'Save the price list' : 'Add the price list'}
        </SubmitButton>
        <button type="button" className="btn" onClick={onDone} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
