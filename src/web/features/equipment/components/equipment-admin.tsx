import { useState, type FormEvent } from 'react';
import { ErrorText } from '@/components/ui/error-text';
import { SelectField, TextField } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useConfirmTarget } from '@/components/ui/use-confirmed-action';
import type { PlanItem } from '@shared/equipment/equipment.schema';
import { ApiError } from '@/lib/api-client';
import { useAddPlanItem, useCreateModel, useModels, usePlan, useRemovePlanItem } from '../api/equipment';
import { DiagramEditor, FitListEditor, ReplacedByForm } from './equipment-admin-parts';

const fieldOf = (err: unknown, f: string) =>
  err instanceof ApiError && err.field === f ? err.message : undefined;

/** The admins' machine models and each model's service plan. */
export function EquipmentAdmin() {
  const models = useModels();
  const [selected, setSelected] = useState('');
  const modelId = selected || models.data?.[0]?.id || '';
  return (
    <div className="flex flex-col gap-8">
      <NewModelForm />
      {models.data && models.data.length > 0 && (
        <section aria-labelledby="plan-heading">
          <h2 id="plan-heading" className="text-xl font-semibold">
            Service plan
          </h2>
          <SelectField label="Model" value={modelId} onChange={(e) => setSelected(e.target.value)}>
            {models.data.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name} ({m.warrantyMonths} months warranty)
              </option>
            ))}
          </SelectField>
          {modelId && <PlanEditor modelId={modelId} />}
          {modelId && (
            <div className="mt-8 flex flex-col gap-8">
              <FitListEditor key={`fits-${modelId}`} modelId={modelId} />
              <DiagramEditor key={`diagram-${modelId}`} modelId={modelId} />
            </div>
          )}
        </section>
      )}
      <ReplacedByForm />
      {models.isError && <ErrorText alert error={models.error.message} />}
    </div>
  );
}

function NewModelForm() {
  const create = useCreateModel();
  const [name, setName] = useState('');
  const [productId, setProductId] = useState('');
  const [warranty, setWarranty] = useState('12');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      { name, productId: productId || null, warrantyMonths: Number(warranty) },
      { onSuccess: () => setName('') },
    );
  };
  const err = create.error;
  return (
    <form
      onSubmit={submit}
      aria-labelledby="new-model-heading"
      className="flex max-w-lg flex-col gap-4"
      noValidate
    >
      <h2 id="new-model-heading" className="text-xl font-semibold">
        Add a model
      </h2>
      <TextField
        label="Model name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={fieldOf(err, 'name')}
      />
      <TextField
        label="Catalogue product id (optional)"
        value={productId}
        onChange={(e) => setProductId(e.target.value)}
        error={fieldOf(err, 'productId')}
        hint="The compressor as sold here: its orders offer “Register this machine”."
      />
      <TextField
        label="Warranty (months)"
        type="number"
        min={0}
        value={warranty}
        onChange={(e) => setWarranty(e.target.value)}
        error={fieldOf(err, 'warrantyMonths')}
      />
      {err instanceof ApiError && !err.field && <ErrorText alert error={err.message} />}
      <SubmitButton busy={create.isPending} className="btn btn-primary self-start">
        Add model
      </SubmitButton>
    </form>
  );
}

function PlanEditor({ modelId }: { modelId: string }) {
  const plan = usePlan(modelId);
  const add = useAddPlanItem(modelId);
  const remove = useRemovePlanItem(modelId);
  const removal = useConfirmTarget<PlanItem>();
  const [form, setForm] = useState({
    productId: '',
    everyHours: '',
    everyMonths: '',
    serialFrom: '',
    serialTo: '',
  });
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm({ ...form, [k]: e.target.value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate({
      productId: form.productId,
      everyHours: form.everyHours ? Number(form.everyHours) : null,
      everyMonths: form.everyMonths ? Number(form.everyMonths) : null,
      serialFrom: form.serialFrom || null,
      serialTo: form.serialTo || null,
    });
  };
  return (
    <div className="mt-4 flex flex-col gap-6">
      <ul className="flex flex-col gap-2">
        {(plan.data ?? []).map((i) => (
          <li key={i.id} className="flex flex-wrap items-center gap-3">
            <span>
              {i.productName}: every{' '}
              {[i.everyHours && `${i.everyHours} h`, i.everyMonths && `${i.everyMonths} months`]
                .filter(Boolean)
                .join(' or ')}
              {(i.serialFrom || i.serialTo) && ` (serials ${i.serialFrom ?? '…'} to ${i.serialTo ?? '…'})`}
            </span>
            <button type="button" className="btn btn-sm" onClick={() => removal.ask(i)}>
              Remove {i.productName}
            </button>
          </li>
        ))}
        {plan.data?.length === 0 && <li>No service plan items yet.</li>}
      </ul>
      {removal.target && (
        <ConfirmDialog
          title="Remove from the service plan?"
          confirmLabel="Remove"
          busy={removal.busy}
          error={removal.error}
          onClose={removal.close}
          onConfirm={() => removal.confirm((i) => remove.mutateAsync(i.id), 'Removed from the plan')}
        >
          <p>{removal.target.productName} will no longer be due for this model.</p>
        </ConfirmDialog>
      )}
      <form onSubmit={submit} className="flex max-w-lg flex-col gap-4" noValidate>
        <TextField
          label="Part or kit product id"
          value={form.productId}
          onChange={set('productId')}
          error={fieldOf(add.error, 'productId')}
        />
        <TextField
          label="Every (running hours)"
          type="number"
          min={1}
          value={form.everyHours}
          onChange={set('everyHours')}
          error={fieldOf(add.error, 'everyHours')}
        />
        <TextField
          label="Every (months)"
          type="number"
          min={1}
          value={form.everyMonths}
          onChange={set('everyMonths')}
          error={fieldOf(add.error, 'everyMonths')}
        />
        <TextField
          label="From serial (optional)"
          value={form.serialFrom}
          onChange={set('serialFrom')}
          error={fieldOf(add.error, 'serialFrom')}
        />
        <TextField
          label="To serial (optional)"
          value={form.serialTo}
          onChange={set('serialTo')}
          error={fieldOf(add.error, 'serialTo')}
        />
        <SubmitButton busy={add.isPending} className="btn btn-primary self-start">
          Add to plan
        </SubmitButton>
      </form>
    </div>
  );
}
