import { useId, useState, type FormEvent } from 'react';
import {
  apiScopeLabels,
  apiScopes,
  DEFAULT_API_KEY_RATE,
  type ApiScope,
} from '@shared/api-keys/api-keys.scopes';
import type { ApiKeyCreated } from '@shared/api-keys/api-keys.schema';
import { ErrorText, FormError } from '@/components/ui/error-text';
import { TextField } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError } from '@/lib/api-client';
import { textAbout } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useCreateApiKey } from '../api/api-keys';

type Errors = Partial<Record<'name' | 'scopes' | 'expiresOn' | 'ratePerMinute' | 'form', string>>;

/** The form's field for an API error's field (`scopes.0` is the scopes' group). */
const fieldOf = (field: string): keyof Errors | undefined =>
  (['name', 'scopes', 'expiresOn', 'ratePerMinute'] as const).find(
    (f) => field === f || field.startsWith(`${f}.`),
  );

/** The new key's secret, shown once with a copy button: it is never sent again. */
function NewSecret({ created, onDone }: { created: ApiKeyCreated; onDone: () => void }) {
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.secret);
      void notify('success', 'Key copied');
    } catch {
      void notify('error', 'Could not copy: select the key and copy it yourself.');
    }
  };
  return (
    <div role="status" className="mt-6 rounded-box border border-success bg-base-100 p-4">
      <h2 className="text-lg font-semibold">Key “{created.key.name}” created</h2>
      <p className="mt-1">Copy it now and store it in the other system: it will not be shown again.</p>
      <label htmlFor={id} className="mt-3 block font-medium">
        Secret key
      </label>
      <div className="join mt-1 w-full">
        <input
          id={id}
          readOnly
          value={created.secret}
          className="input join-item w-full border border-base-content/50 font-mono"
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" className="btn join-item btn-primary" onClick={() => void copy()}>
          Copy key
        </button>
      </div>
      <button type="button" className="btn btn-ghost mt-3" onClick={onDone}>
        Done, I stored it
      </button>
    </div>
  );
}

/** Creating a key: a name, its scopes, an optional last day and its rate limit; then the secret, once. */
export function CreateApiKey() {
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>([]);
  const [expiresOn, setExpiresOn] = useState('');
  const [rate, setRate] = useState(String(DEFAULT_API_KEY_RATE));
  const [errors, setErrors] = useState<Errors>({});
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const scopesError = useId();

  const toggle = (scope: ApiScope, on: boolean) =>
    setScopes((s) => (on ? [...s, scope] : s.filter((x) => x !== scope)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: Errors = {};
    if (!name.trim()) found.name = 'Give the key a name';
    if (scopes.length === 0) found.scopes = 'Choose at least one scope';
    if (!/^\d+$/.test(rate)) found.ratePerMinute = 'Must be a whole number';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const answer = await create.mutateAsync({
        name: name.trim(),
        scopes,
        ratePerMinute: Number(rate),
        ...(expiresOn ? { expiresOn } : {}),
      });
      setCreated(answer);
      setName('');
      setScopes([]);
      setExpiresOn('');
    } catch (err) {
      const field = err instanceof ApiError && err.field ? fieldOf(err.field) : undefined;
      setErrors(
        field && err instanceof ApiError && err.field
          ? { [field]: textAbout(err.message, err.field) }
          : { form: (err as Error).message },
      );
    }
  };

  if (created) return <NewSecret created={created} onDone={() => setCreated(null)} />;
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="mt-6 flex max-w-2xl flex-col gap-4">
      <h2 className="text-lg font-semibold">Create a key</h2>
      <TextField
        label="Name"
        hint="Who uses it, e.g. ERP sync: its changes are logged under this name"
        maxLength={80}
        value={name}
        error={errors.name}
        onChange={(e) => setName(e.currentTarget.value)}
      />
      <fieldset aria-describedby={errors.scopes ? scopesError : undefined}>
        <legend className="font-medium">Scopes</legend>
        <ul className="mt-1 flex flex-col gap-2">
          {apiScopes.map((scope) => (
            <li key={scope}>
              <label className="flex items-start gap-2">
                <input
                  type="checkbox"
                  className="checkbox mt-0.5"
                  checked={scopes.includes(scope)}
                  onChange={(e) => toggle(scope, e.currentTarget.checked)}
                />
                <span>
                  <code>{scope}</code> <span className="text-base-content/75">— {apiScopeLabels[scope]}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
        <ErrorText id={scopesError} error={errors.scopes} />
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Last day (optional)"
          hint="The key stops working after this day (UTC); empty: until revoked"
          type="date"
          value={expiresOn}
          error={errors.expiresOn}
          onChange={(e) => setExpiresOn(e.currentTarget.value)}
        />
        <TextField
          label="Requests per minute"
          inputMode="numeric"
          value={rate}
          error={errors.ratePerMinute}
          onChange={(e) => setRate(e.currentTarget.value)}
        />
      </div>
      <FormError message={errors.form} />
      <div>
        <SubmitButton busy={create.isPending}>Create key</SubmitButton>
      </div>
    </form>
  );
}
