import { useState } from 'react';
import { companiesCalls as calls } from '@shared/companies/companies.calls';
import {
  companyMessages,
  type CompanyRole,
  type CompanyView,
  type Member,
} from '@shared/companies/companies.schema';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormError } from '@/components/ui/error-text';
import { TextField } from '@/components/ui/field';
import { VerifyFirst } from '@/components/ui/verify-first';
import { SubmitButton } from '@/components/ui/submit-button';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/notify';
import {
  useCompanyPages,
  useInvite,
  useRemoveMember,
  useRevokeInvitation,
  useSetRoles,
} from '../api/companies';
import { PagedItems, RolePicker, rolesText, Section, useSubmit } from './company-parts';
import { EditLimits, limitsText } from './member-limits';

/** The company's members (roles, limits, leaving) and, for a company admin, invitations. */
export function Members({
  company,
  myId,
  verified,
}: {
  company: CompanyView;
  myId: string;
  verified: boolean;
}) {
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
      {isAdmin && <InviteForm companyId={company._id} verified={verified} />}
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

function InviteForm({ companyId, verified }: { companyId: string; verified: boolean }) {
  const invite = useInvite(companyId);
  const revoke = useRevokeInvitation(companyId);
  const invitations = useCompanyPages(calls.invitations, companyId, 'invitations');
  const [email, setEmail] = useState('');
  const [roles, setRoles] = useState<CompanyRole[]>(['buyer']);
  const s = useSubmit();
  return (
    <div className="mt-6">
      {verified ? (
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
            message={
              s.error && !['email', 'roles'].includes(s.error.field ?? '') ? s.error.message : undefined
            }
          />
          <div>
            <SubmitButton busy={s.busy}>Send invitation</SubmitButton>
          </div>
        </form>
      ) : (
        <VerifyFirst message={companyMessages.verifyToInvite} />
      )}
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
