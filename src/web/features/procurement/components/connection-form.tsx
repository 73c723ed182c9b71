import { useState } from 'react';
import type { ConnectionCreated } from '@shared/procurement/procurement.schema';
import { ErrorText } from '@/components/ui/error-text';
import { SelectField, TextField } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError } from '@/lib/api-client';
import { useCreateConnection } from '../api/procurement';

/** The new connection's form; the secret (cXML) or password (OCI) is shown once, after it is created. */
export function ConnectionForm({ companyId }: { companyId: string }) {
  const create = useCreateConnection(companyId);
  const [protocol, setProtocol] = useState<'cxml' | 'oci'>('cxml');
  const [form, setForm] = useState({
    systemName: '',
    fromDomain: 'NetworkID',
    fromIdentity: '',
    ociUsername: '',
    documentUrl: '',
    defaultMemberEmail: '',
  });
  const [created, setCreated] = useState<ConnectionCreated>();
  const failure = create.error instanceof ApiError ? create.error : undefined;
  const err = (f: string) => (failure?.field === f ? failure.message : undefined);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm({ ...form, [k]: e.target.value });
  return (
    <>
      <form
        aria-label="New connection"
        className="mt-4 grid gap-3 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          const cxml = protocol === 'cxml';
          create.mutate(
            {
              protocol,
              systemName: form.systemName,
              defaultMemberEmail: form.defaultMemberEmail,
              ...(cxml
                ? {
                    fromDomain: form.fromDomain,
                    fromIdentity: form.fromIdentity,
                    ...(form.documentUrl ? { documentUrl: form.documentUrl } : {}),
                  }
                : { ociUsername: form.ociUsername }),
            },
            { onSuccess: setCreated },
          );
        }}
      >
        <SelectField
          label="Protocol"
          value={protocol}
          onChange={(e) => setProtocol(e.target.value as 'cxml' | 'oci')}
        >
          <option value="cxml">cXML (Coupa, Ariba, Jaggaer)</option>
          <option value="oci">OCI (SAP)</option>
        </SelectField>
        <TextField
          label="Buyer system name"
          value={form.systemName}
          onChange={set('systemName')}
          error={err('systemName')}
          required
        />
        {protocol === 'cxml' ? (
          <>
            <TextField
              label="From domain"
              value={form.fromDomain}
              onChange={set('fromDomain')}
              error={err('fromDomain')}
              required
            />
            <TextField
              label="From identity"
              value={form.fromIdentity}
              onChange={set('fromIdentity')}
              error={err('fromIdentity')}
              required
            />
            <TextField
              label="Document URL (confirmations, ship notices, invoices)"
              type="url"
              value={form.documentUrl}
              onChange={set('documentUrl')}
              error={err('documentUrl')}
            />
          </>
        ) : (
          <TextField
            label="OCI user name"
            value={form.ociUsername}
            onChange={set('ociUsername')}
            error={err('ociUsername')}
            required
          />
        )}
        <TextField
          label="Default member's email"
          type="email"
          value={form.defaultMemberEmail}
          onChange={set('defaultMemberEmail')}
          error={err('defaultMemberEmail')}
          hint="Punchout users act as this member unless their own email is a member's."
          required
        />
        <div className="sm:col-span-2">
          <SubmitButton busy={create.isPending}>Connect</SubmitButton>
          {create.error && !failure?.field && <ErrorText error={create.error.message} alert />}
        </div>
      </form>
      {created && (
        <div role="status" className="alert alert-warning mt-4 block">
          <p>
            {created.protocol === 'cxml' ? 'Shared secret' : 'OCI password'} for {created.systemName}, shown
            this once:
          </p>
          <code className="break-all font-mono">{created.secret}</code>
        </div>
      )}
    </>
  );
}
