import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { usStateCodes, usStates, type UsStateCode } from '@shared/common/us-states';
import { companiesCalls as calls } from '@shared/companies/companies.calls';
import type { CompanyRole, CompanyView, Member } from '@shared/companies/companies.schema';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormError } from '@/components/ui/error-text';
import { ErrorState } from '@/components/ui/error-state';
import { SelectField, TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { SubmitButton } from '@/components/ui/submit-button';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/notify';
import {
  useAddList,
  useAddLocation,
  useCompanyExemptions,
  useCompanyPages,
  useCreateCompany,
  useDeleteList,
  useDeleteLocation,
  useInvite,
  useListToCart,
  useMyCompany,
  useRemoveMember,
  useReorder,
  useRevokeInvitation,
  useSetRoles,
} from '../api/companies';
import { PagedItems, RolePicker, rolesText, Section, useSubmit } from './company-parts';
import { ApprovalWindow, EditLimits, limitsText } from './member-limits';
import { formatCents } from '@shared/common/money';

/** A customer without a company creates one here (they become its company admin). */
export function CreateCompanyForm() {
  const create = useCreateCompany();
  const [name, setName] = useState('');
  const [taxId, setTaxId] = useState('');
  const s = useSubmit();
  return (
    <form
      noValidate
      onSubmit={s.run(async () => {
        await create.mutateAsync({ name, taxId });
        void notify('success', 'Company created');
      })}
      aria-labelledby="create-company-heading"
      className="mt-4 flex max-w-xl flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-4"
    >
      <h2 id="create-company-heading" className="text-xl font-semibold">
        Create a company
      </h2>
      <p className="text-base-content/75">
        Buying for a business? Create its trade account, then invite your colleagues. Without a company you
        buy exactly as before.
      </p>
      <TextField
        label="Company name"
        value={name}
        maxLength={120}
        onChange={(e) => setName(e.target.value)}
        error={s.fieldError('name')}
      />
      <TextField
        label="Tax ID"
        value={taxId}
        maxLength={40}
        onChange={(e) => setTaxId(e.target.value)}
        error={s.fieldError('taxId')}
      />
      <FormError message={s.error && !s.error.field ? s.error.message : undefined} />
      <div>
        <SubmitButton busy={s.busy}>Create company</SubmitButton>
      </div>
    </form>
  );
}

function Members({ company, myId }: { company: CompanyView; myId: string }) {
  const members = useCompanyPages(calls.members, company._id, 'members');
  const remove = useRemoveMember(company._id);
  const [confirm, setConfirm] = useState<{ userId: string; name: string }>();
  const [error, setError] = useState<string>();
  const isAdmin = company.myRoles.includes('admin');
  return (
    <Section title="Members">
      <PagedItems query={members} what="members" empty="No members yet.">
        {(items) => (
          <ul className="mt-3 divide-y divide-base-300">
            {items.map((m) => (
              <li key={m.userId} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className="font-medium">{m.name}</span> ({m.email}) — {rolesText(m.roles)}
                  <span className="block text-sm text-base-content/75">{limitsText(m)}</span>
                </span>
                {isAdmin && <EditRoles companyId={company._id} member={m} />}
                {isAdmin && <EditLimits companyId={company._id} member={m} />}
                {(isAdmin || m.userId === myId) && (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline btn-error"
                    onClick={() => {
                      setError(undefined);
                      setConfirm({ userId: m.userId, name: m.name });
                    }}
                  >
                    {m.userId === myId ? 'Leave the company' : `Remove ${m.name}`}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </PagedItems>
      {confirm && (
        <ConfirmDialog
          title={confirm.userId === myId ? 'Leave the company?' : `Remove ${confirm.name}?`}
          confirmLabel={confirm.userId === myId ? 'Leave' : 'Remove'}
          busy={remove.isPending}
          error={error}
          onClose={() => setConfirm(undefined)}
          onConfirm={() =>
            remove.mutate(confirm.userId, {
              onSuccess: () => {
                setConfirm(undefined);
                void notify('success', 'Member removed');
              },
              onError: (e) => setError(e.message),
            })
          }
        >
          They lose access to the company's orders, quotes, invoices and lists at once.
        </ConfirmDialog>
      )}
      {isAdmin && <InviteForm companyId={company._id} />}
    </Section>
  );
}

/** A company admin changes a member's roles; the server keeps the last company admin (and says why). */
function EditRoles({ companyId, member }: { companyId: string; member: Member }) {
  const setRoles = useSetRoles(companyId);
  const [open, setOpen] = useState(false);
  const [roles, setRolesValue] = useState<CompanyRole[]>(member.roles);
  const s = useSubmit();
  if (!open)
    return (
      <button
        type="button"
        className="btn btn-sm"
        onClick={() => {
          setRolesValue(member.roles);
          setOpen(true);
        }}
      >
        Edit roles of {member.name}
      </button>
    );
  return (
    <form
      noValidate
      className="flex w-full flex-col gap-2 rounded-box border border-base-300 p-3"
      onSubmit={s.run(async () => {
        await setRoles.mutateAsync({ userId: member.userId, roles });
        setOpen(false);
        void notify('success', `Roles of ${member.name} saved`);
      })}
    >
      <RolePicker legend={`Roles of ${member.name}`} value={roles} onChange={setRolesValue} />
      <FormError message={s.error?.message} />
      <div className="flex gap-2">
        <SubmitButton busy={s.busy}>Save roles</SubmitButton>
        <button type="button" className="btn" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function InviteForm({ companyId }: { companyId: string }) {
  const invite = useInvite(companyId);
  const revoke = useRevokeInvitation(companyId);
  const invitations = useCompanyPages(calls.invitations, companyId, 'invitations');
  const [email, setEmail] = useState('');
  const [roles, setRoles] = useState<CompanyRole[]>(['buyer']);
  const s = useSubmit();
  return (
    <div className="mt-6">
      <form
        noValidate
        aria-labelledby="invite-heading"
        className="flex max-w-xl flex-col gap-3"
        onSubmit={s.run(async () => {
          await invite.mutateAsync({ email, roles });
          setEmail('');
          void notify('success', `Invitation sent to ${email}`);
        })}
      >
        <h3 id="invite-heading" className="text-lg font-semibold">
          Invite by email
        </h3>
        <TextField
          label="Email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={s.fieldError('email')}
        />
        <RolePicker value={roles} onChange={setRoles} error={s.fieldError('roles')} />
        <FormError
          message={s.error && !['email', 'roles'].includes(s.error.field ?? '') ? s.error.message : undefined}
        />
        <div>
          <SubmitButton busy={s.busy}>Send invitation</SubmitButton>
        </div>
      </form>
      <h3 className="mt-4 font-semibold">Open invitations</h3>
      <PagedItems query={invitations} what="invitations" empty="No open invitations.">
        {(items) => (
          <ul className="mt-2 divide-y divide-base-300">
            {items.map((i) => (
              <li key={i._id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  {i.email} — {rolesText(i.roles)} — until {formatDate(i.expiresAt)}
                </span>
                <button
                  type="button"
                  className="btn btn-sm"
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate(i._id)}
                >
                  Withdraw invitation to {i.email}
                </button>
              </li>
            ))}
          </ul>
        )}
      </PagedItems>
    </div>
  );
}

function Locations({ company }: { company: CompanyView }) {
  const isAdmin = company.myRoles.includes('admin');
  const locations = useCompanyPages(calls.locations, company._id, 'locations');
  const exemptions = useCompanyExemptions(company._id, isAdmin);
  const add = useAddLocation(company._id);
  const del = useDeleteLocation(company._id);
  const empty = { name: '', street: '', city: '', state: '', zip: '', taxExemptionId: '' };
  const [f, setF] = useState(empty);
  const s = useSubmit();
  const set = (k: keyof typeof empty) => (e: { target: { value: string } }) =>
    setF({ ...f, [k]: e.target.value });
  return (
    <Section title="Locations">
      <PagedItems query={locations} what="locations" empty="No ship-to locations yet.">
        {(items) => (
          <ul className="mt-3 divide-y divide-base-300">
            {items.map((l) => (
              <li key={l._id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className="font-medium">{l.name}</span>: {l.street}, {l.city}, {l.state} {l.zip}
                  {l.taxExemption &&
                    ` — tax exempt (${l.taxExemption.number}: ${l.taxExemption.states.join(', ')})`}
                </span>
                {isAdmin && (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline btn-error"
                    disabled={del.isPending}
                    onClick={() => del.mutate(l._id)}
                  >
                    Remove {l.name}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </PagedItems>
      {isAdmin && (
        <form
          noValidate
          aria-labelledby="add-location-heading"
          className="mt-4 grid max-w-2xl gap-3 sm:grid-cols-2"
          onSubmit={s.run(async () => {
            await add.mutateAsync({
              name: f.name,
              address: { street: f.street, city: f.city, state: f.state as UsStateCode, zip: f.zip },
              taxExemptionId: f.taxExemptionId || null,
            });
            setF(empty);
            void notify('success', 'Location added');
          })}
        >
          <h3 id="add-location-heading" className="text-lg font-semibold sm:col-span-2">
            Add a location
          </h3>
          <TextField
            label="Location name"
            value={f.name}
            onChange={set('name')}
            error={s.fieldError('name')}
          />
          <TextField
            label="Street"
            value={f.street}
            onChange={set('street')}
            error={s.fieldError('address.street')}
          />
          <TextField
            label="City"
            value={f.city}
            onChange={set('city')}
            error={s.fieldError('address.city')}
          />
          <SelectField
            label="State"
            value={f.state}
            onChange={set('state')}
            error={s.fieldError('address.state')}
          >
            <option value="">Choose a state</option>
            {usStateCodes.map((c) => (
              <option key={c} value={c}>
                {usStates[c]}
              </option>
            ))}
          </SelectField>
          <TextField
            label="ZIP"
            inputMode="numeric"
            value={f.zip}
            onChange={set('zip')}
            error={s.fieldError('address.zip')}
          />
          <SelectField
            label="Tax exemption certificate"
            value={f.taxExemptionId}
            onChange={set('taxExemptionId')}
            error={s.fieldError('taxExemptionId')}
          >
            <option value="">None</option>
            {(exemptions.data ?? []).map((e) => (
              <option key={e._id} value={e._id}>
                {e.number} ({e.states.join(', ')}; {e.holderEmail})
              </option>
            ))}
          </SelectField>
          <div className="sm:col-span-2">
            <FormError
              message={
                s.error && !s.error.field?.match(/^(name|address|taxExemptionId)/)
                  ? s.error.message
                  : undefined
              }
            />
            <SubmitButton busy={s.busy}>Add location</SubmitButton>
          </div>
        </form>
      )}
    </Section>
  );
}

function History({ company }: { company: CompanyView }) {
  const [tab, setTab] = useState<'orders' | 'quotes' | 'invoices'>('orders');
  const orders = useCompanyPages(calls.orders, company._id, 'orders', tab === 'orders');
  const quotes = useCompanyPages(calls.quotes, company._id, 'quotes', tab === 'quotes');
  const invoices = useCompanyPages(calls.invoices, company._id, 'invoices', tab === 'invoices');
  const reorder = useReorder(company._id);
  return (
    <Section title="Company orders">
      <div role="group" aria-label="Show" className="join mt-3">
        {(['orders', 'quotes', 'invoices'] as const).map((t) => (
          <button
            key={t}
            type="button"
            aria-pressed={tab === t}
            className={`btn join-item btn-sm ${tab === t ? 'btn-primary' : ''}`}
            onClick={() => setTab(t)}
          >
            {t[0]!.toUpperCase() + t.slice(1)}
          </button>
        ))}
      </div>
      {tab === 'orders' && (
        <PagedItems query={orders} what="orders" empty="No orders placed for the company yet.">
          {(items) => (
            <div className="mt-3 overflow-x-auto">
              <table className="table">
                <caption className="sr-only">The company's orders, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Date</th>
                    <th scope="col">Ordered by</th>
                    <th scope="col">Product</th>
                    <th scope="col">Quantity</th>
                    <th scope="col">Total</th>
                    <th scope="col">Status</th>
                    <th scope="col">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((o) => (
                    <tr key={o._id}>
                      <td>{formatDate(o.createdAt)}</td>
                      <td>
                        {o.buyerName} ({o.buyerEmail})
                      </td>
                      <td>{o.productName}</td>
                      <td>{o.quantity}</td>
                      <td>{formatCents(o.totalCents)}</td>
                      <td>
                        {o.orderStatus}, {o.paymentStatus ? 'Paid' : 'Unpaid'}
                      </td>
                      <td>
                        <button
                          type="button"
                          className="btn btn-xs"
                          disabled={reorder.isPending}
                          onClick={() =>
                            reorder.mutate(o._id, {
                              onSuccess: () => void notify('success', `${o.productName} added to your cart`),
                              onError: (e) => void notify('error', e.message),
                            })
                          }
                        >
                          Order {o.productName} again
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </PagedItems>
      )}
      {tab === 'quotes' && (
        <PagedItems query={quotes} what="quotes" empty="No requests for quote yet.">
          {(items) => (
            <ul className="mt-3 divide-y divide-base-300">
              {items.map((q) => (
                <li key={q._id} className="py-2">
                  {formatDate(q.createdAt)} — {q.buyerName} ({q.buyerEmail}) — {q.lineCount} lines —{' '}
                  {q.status}
                </li>
              ))}
            </ul>
          )}
        </PagedItems>
      )}
      {tab === 'invoices' && (
        <PagedItems query={invoices} what="invoices" empty="No invoices yet.">
          {(items) => (
            <ul className="mt-3 divide-y divide-base-300">
              {items.map((i) => (
                <li key={i._id} className="py-2">
                  {i.number} ({i.kind === 'invoice' ? 'invoice' : 'credit note'}) — {formatDate(i.issuedAt)} —{' '}
                  {i.buyerName} ({i.buyerEmail}) — {formatCents(i.totalCents)}
                </li>
              ))}
            </ul>
          )}
        </PagedItems>
      )}
    </Section>
  );
}

/** Parses "SKU, quantity" lines (one a line) into list lines. */
const parseLines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const [sku = '', qty = ''] = l.split(/[,\s]+/);
      return { sku, quantity: Number(qty) };
    });

function SharedLists({ company }: { company: CompanyView }) {
  const canEdit = company.myRoles.includes('admin') || company.myRoles.includes('buyer');
  const lists = useCompanyPages(calls.lists, company._id, 'lists');
  const add = useAddList(company._id);
  const del = useDeleteList(company._id);
  const toCart = useListToCart(company._id);
  const [name, setName] = useState('');
  const [lines, setLines] = useState('');
  const [confirm, setConfirm] = useState<{ id: string; name: string }>();
  const s = useSubmit();
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
            await add.mutateAsync({ name, lines: parseLines(lines) });
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
                {s.error.message}
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

/** /dashboard/company: the customer's company, or the form to create one. */
export function CompanyPage({
  myId,
  approvals,
}: {
  myId: string;
  /** The company's open approvals (from the checkout feature), shown to approvers and company admins. */
  approvals?: (company: CompanyView) => ReactNode;
}) {
  const mine = useMyCompany();
  if (mine.isPending) return <Spinner label="Loading your company" />;
  if (mine.isError)
    return <ErrorState message="Could not load your company." onRetry={() => void mine.refetch()} />;
  const company = mine.data.company;
  if (!company) return <CreateCompanyForm />;
  return (
    <>
      <p className="mt-2 text-base-content/75">
        <span className="font-semibold">{company.name}</span> (tax ID {company.taxId}) — you are{' '}
        {rolesText(company.myRoles)}.
      </p>
      {(company.myRoles.includes('admin') || company.myRoles.includes('buyer')) && (
        <p className="mt-2">
          <Link to={paths.companyStatement} className="link link-primary">
            Account statement
          </Link>{' '}
          — invoices bought on account, what is open and overdue, and paying them.
        </p>
      )}
      <Members company={company} myId={myId} />
      <ApprovalWindow company={company} />
      {(company.myRoles.includes('approver') || company.myRoles.includes('admin')) && approvals?.(company)}
      <Locations company={company} />
      <History company={company} />
      <SharedLists company={company} />
    </>
  );
}
