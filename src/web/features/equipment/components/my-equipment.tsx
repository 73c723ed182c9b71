import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@shared/common/web-paths';
import { PagedList } from '@/components/ui/paged-list';
import { SelectField, TextField } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import { ErrorText } from '@/components/ui/error-text';
import { ApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useListState } from '@/lib/use-list-state';
import { useMachines, useModels, useRegisterMachine, useRegistrable, useUploadProof } from '../api/equipment';

const limit = 25;

/** The buyer's machines (theirs and their company's), paged on the server. */
export function MachineList() {
  const list = useListState({});
  const machines = useMachines(limit, list.cursor);
  return (
    <PagedList
      query={machines}
      noun="machines"
      limit={limit}
      list={list}
      empty={
        <p className="mt-4">
          No machines yet. <Link to={paths.registerMachine}>Register a machine</Link> to see the parts that
          fit it.
        </p>
      }
    >
      {(items) => (
        <ul className="mt-2 grid gap-4 sm:grid-cols-2">
          {items.map((m) => (
            <li key={m.id} className="rounded-box border border-base-300 bg-base-100 p-4">
              <h2 className="text-lg font-semibold">
                <Link className="link" to={paths.machine(m.id)}>
                  {m.modelName} #{m.serial}
                </Link>
              </h2>
              <p>{m.runningHours.toLocaleString('en-US')} running hours</p>
              <p>
                {m.warranty.covered
                  ? `Under warranty until ${formatDate(m.warranty.until)}`
                  : 'Not under warranty'}
              </p>
            </li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}

const today = () => new Date().toISOString().slice(0, 10);

/** Registers a machine: by model and serial, or from a paid order that holds a machine model (?order=…). */
export function RegisterMachineForm({ orderId }: { orderId: string }) {
  const models = useModels();
  const fromOrder = useRegistrable(orderId);
  const register = useRegisterMachine();
  const uploadProof = useUploadProof();
  const navigate = useNavigate();
  const [proof, setProof] = useState<File | null>(null);
  // Registered already, its file refused: sending the form again uploads another file, not the machine again.
  const [registered, setRegistered] = useState<string | null>(null);
  const sendProof = (id: string, file: File) =>
    uploadProof.mutate({ id, file }, { onSuccess: () => void navigate(paths.machine(id)) });
  const offered = fromOrder.data?.[0]?.modelId;
  const [modelId, setModelId] = useState('');
  const [serial, setSerial] = useState('');
  const [installedOn, setInstalledOn] = useState(today());
  const [hours, setHours] = useState('0');
  const [perWeek, setPerWeek] = useState('40');
  const [site, setSite] = useState('');
  const [forCompany, setForCompany] = useState(false);
  const error =
    register.error instanceof ApiError
      ? register.error
      : uploadProof.error instanceof ApiError
        ? uploadProof.error
        : null;
  const fieldError = (f: string) => (error?.field === f ? error.message : undefined);
  const chosen = modelId || offered || '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (registered) return proof ? sendProof(registered, proof) : void navigate(paths.machine(registered));
    register.mutate(
      {
        modelId: chosen,
        serial,
        installedOn,
        runningHours: Number(hours),
        hoursPerWeek: Number(perWeek),
        forCompany,
        siteAddress: site || null,
        orderId: offered && chosen === offered ? orderId : null,
      },
      {
        // The invoice goes up once the machine exists; a refused file keeps the form open to try another.
        onSuccess: (m) => {
          if (!proof) return void navigate(paths.machine(m.id));
          setRegistered(m.id);
          sendProof(m.id, proof);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="mt-6 flex max-w-lg flex-col gap-4" noValidate>
      {offered && <p>This order holds a {fromOrder.data![0]!.modelName}: register it as your machine.</p>}
      <SelectField
        label="Model"
        value={chosen}
        onChange={(e) => setModelId(e.target.value)}
        error={fieldError('modelId')}
        required
      >
        <option value="">Choose a model</option>
        {(models.data ?? []).map((m) => (
          <option key={m.id} value={m.id}>
            {m.name}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Serial number"
        value={serial}
        onChange={(e) => setSerial(e.target.value)}
        error={fieldError('serial')}
        required
        autoComplete="off"
      />
      <TextField
        label="Install date"
        type="date"
        value={installedOn}
        onChange={(e) => setInstalledOn(e.target.value)}
        error={fieldError('installedOn')}
        required
      />
      <TextField
        label="Running hours"
        type="number"
        min={0}
        value={hours}
        onChange={(e) => setHours(e.target.value)}
        error={fieldError('runningHours')}
      />
      <TextField
        label="Average running hours per week"
        type="number"
        min={0}
        max={168}
        value={perWeek}
        onChange={(e) => setPerWeek(e.target.value)}
        error={fieldError('hoursPerWeek')}
        hint="Used to estimate when a service falls due between your readings."
      />
      <TextField
        label="Site address"
        value={site}
        onChange={(e) => setSite(e.target.value)}
        error={fieldError('siteAddress')}
        autoComplete="street-address"
      />
      {!offered && (
        <label className="flex flex-col gap-1">
          <span>Proof of purchase (invoice PDF up to 10 MB, or a JPEG, PNG or WebP photo up to 5 MB)</span>
          <input
            type="file"
            className="file-input"
            accept="application/pdf,image/jpeg,image/png,image/webp"
            aria-invalid={fieldError('file') ? true : undefined}
            aria-describedby={fieldError('file') ? 'proof-error' : undefined}
            onChange={(e) => setProof(e.target.files?.[0] ?? null)}
          />
          {fieldError('file') && <ErrorText id="proof-error" error={fieldError('file')!} />}
        </label>
      )}
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          className="checkbox"
          checked={forCompany}
          onChange={(e) => setForCompany(e.target.checked)}
        />
        Register for my company (every member sees it)
      </label>
      {error && !error.field && <ErrorText error={error.message} />}
      {error?.field === 'forCompany' && <ErrorText error={error.message} />}
      <SubmitButton busy={register.isPending || uploadProof.isPending} className="btn btn-primary self-start">
        Register this machine
      </SubmitButton>
    </form>
  );
}
