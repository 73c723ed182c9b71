import { useState, type FormEvent } from 'react';
import { webhookEventTypes } from '@shared/webhooks/webhooks.events';
import { Field } from '@/components/ui/field';
import { FormError } from '@/components/ui/error-text';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError } from '@/lib/api-client';
import { useCreateEndpoint } from '../api/webhooks';

/** The secret of a new endpoint or a rotation: shown once, to copy into the receiver's configuration. */
export function SecretOnce({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <div role="status" className="alert alert-success mt-4 flex flex-col items-start gap-2">
      <p className="font-medium">Signing secret (shown only now: copy it into the receiver)</p>
      <code className="break-all select-all" data-testid="webhook-secret">
        {secret}
      </code>
      <button type="button" className="btn btn-sm" onClick={onDone}>
        I have copied it
      </button>
    </div>
  );
}

/** The events an endpoint hears, one labelled checkbox each, and why the choice was refused. */
function EventChoices(p: { chosen: string[]; error: string | undefined; onToggle: (type: string) => void }) {
  return (
    <fieldset aria-describedby={p.error ? 'webhook-events-error' : undefined}>
      <legend className="font-medium">Events</legend>
      <div className="mt-1 grid grid-cols-1 gap-1 sm:grid-cols-2">
        {webhookEventTypes.map((type) => (
          <label key={type} className="flex items-center gap-2">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              checked={p.chosen.includes(type)}
              onChange={() => p.onToggle(type)}
            />
            <code>{type}</code>
          </label>
        ))}
      </div>
      {p.error && (
        <p id="webhook-events-error" className="text-sm text-error">
          {p.error}
        </p>
      )}
    </fieldset>
  );
}

/** Adds an endpoint: URL, description, the events it hears (at least one) and whether it is on. */
export function EndpointForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const create = useCreateEndpoint();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<string[]>([]);
  const [enabled, setEnabled] = useState(true);
  const [errors, setErrors] = useState<{ url?: string; events?: string; form?: string }>({});

  const toggle = (type: string) =>
    setEvents((now) => (now.includes(type) ? now.filter((t) => t !== type) : [...now, type]));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!events.length) return setErrors({ events: 'Choose at least one event.' });
    setErrors({});
    try {
      const made = await create.mutateAsync({
        url,
        description,
        events: events as (typeof webhookEventTypes)[number][],
        enabled,
      });
      setUrl('');
      setDescription('');
      setEvents([]);
      onCreated(made.secret);
    } catch (err) {
      const field = err instanceof ApiError ? err.field : undefined;
      const message = (err as Error).message;
      setErrors(
        field === 'url' ? { url: message } : field === 'events' ? { events: message } : { form: message },
      );
    }
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-4 flex max-w-2xl flex-col gap-4"
      aria-label="Add an endpoint"
    >
      <Field label="Endpoint URL" error={errors.url} hint="An https address of the receiving system.">
        {(c) => (
          <input
            {...c}
            className={`input w-full ${c.className}`}
            type="url"
            required
            value={url}
            onChange={(e) => setUrl(e.target.value)}
          />
        )}
      </Field>
      <Field label="Description">
        {(c) => (
          <input
            {...c}
            className={`input w-full ${c.className}`}
            maxLength={200}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        )}
      </Field>
      <EventChoices chosen={events} error={errors.events} onToggle={toggle} />
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          className="toggle toggle-sm"
          checked={enabled}
          onChange={(e) => setEnabled(e.target.checked)}
        />
        Enabled
      </label>
      <FormError message={errors.form} />
      <div>
        <SubmitButton busy={create.isPending}>Add endpoint</SubmitButton>
      </div>
    </form>
  );
}
