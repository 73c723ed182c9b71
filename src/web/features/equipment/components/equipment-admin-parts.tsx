import { useState, type FormEvent, type MouseEvent } from 'react';
import { ErrorText } from '@/components/ui/error-text';
import { TextField } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError } from '@/lib/api-client';
import {
  useAddFit,
  useDiagram,
  useFits,
  usePlaceHotspot,
  useReplacePart,
  useUploadDiagram,
} from '../api/equipment';

const fieldOf = (err: unknown, f: string) =>
  err instanceof ApiError && err.field === f ? err.message : undefined;
const generalError = (err: unknown) => (err instanceof ApiError && !err.field ? err.message : undefined);

/** A model's explicit fit list: parts that fit it, each within an optional serial range (decision 064). */
export function FitListEditor({ modelId }: { modelId: string }) {
  const fits = useFits(modelId);
  const add = useAddFit(modelId);
  const [form, setForm] = useState({ productId: '', serialFrom: '', serialTo: '' });
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm({ ...form, [k]: e.target.value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate(
      { productId: form.productId, serialFrom: form.serialFrom || null, serialTo: form.serialTo || null },
      { onSuccess: () => setForm({ productId: '', serialFrom: '', serialTo: '' }) },
    );
  };
  return (
    <section aria-labelledby="fits-heading" className="flex flex-col gap-4">
      <h3 id="fits-heading" className="text-lg font-semibold">
        Parts that fit
      </h3>
      <ul className="flex flex-col gap-1">
        {(fits.data ?? []).map((f) => (
          <li key={f.id}>
            {f.productName}
            {(f.serialFrom || f.serialTo) && ` (serials ${f.serialFrom ?? '…'} to ${f.serialTo ?? '…'})`}
          </li>
        ))}
        {fits.data?.length === 0 && <li>No parts on the fit list yet.</li>}
      </ul>
      <form
        onSubmit={submit}
        aria-label="Add a part that fits"
        className="flex max-w-lg flex-col gap-3"
        noValidate
      >
        <TextField
          label="Fitting part product id"
          value={form.productId}
          onChange={set('productId')}
          error={fieldOf(add.error, 'productId')}
        />
        <TextField
          label="Fits from serial (optional)"
          value={form.serialFrom}
          onChange={set('serialFrom')}
          error={fieldOf(add.error, 'serialFrom')}
        />
        <TextField
          label="Fits to serial (optional)"
          value={form.serialTo}
          onChange={set('serialTo')}
          error={fieldOf(add.error, 'serialTo')}
        />
        <ErrorText alert error={generalError(add.error)} />
        <SubmitButton busy={add.isPending} className="btn btn-primary self-start">
          Add to fit list
        </SubmitButton>
      </form>
    </section>
  );
}

/** "Replaced by": a superseded part points at its successor; an empty successor clears it. */
export function ReplacedByForm() {
  const replace = useReplacePart();
  const [productId, setProductId] = useState('');
  const [replacedById, setReplacedById] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    replace.mutate({ productId, replacedById: replacedById || null });
  };
  return (
    <form
      onSubmit={submit}
      aria-labelledby="replaced-heading"
      className="flex max-w-lg flex-col gap-3"
      noValidate
    >
      <h3 id="replaced-heading" className="text-lg font-semibold">
        Replaced by
      </h3>
      <TextField
        label="Superseded part product id"
        value={productId}
        onChange={(e) => setProductId(e.target.value)}
        error={fieldOf(replace.error, 'id')}
      />
      <TextField
        label="Replaced by product id"
        value={replacedById}
        onChange={(e) => setReplacedById(e.target.value)}
        error={fieldOf(replace.error, 'replacedById')}
        hint="Leave empty to mark the part as not replaced."
      />
      <ErrorText alert error={generalError(replace.error)} />
      {replace.isSuccess && <p role="status">Saved.</p>}
      <SubmitButton busy={replace.isPending} className="btn btn-primary self-start">
        Save replacement
      </SubmitButton>
    </form>
  );
}

// A point on the image in percent of its size, to two decimals (as the server stores it): geometry, not money.
const PERCENT = 100;
const percentOf = (part: number, whole: number) => Math.round((part / whole) * PERCENT * PERCENT) / PERCENT;

type Spot = { number: string; xPct: string; yPct: string; productId: string };

/** The diagram image, uploaded through the media feature's own upload and set on the model. */
function DiagramImageForm({ modelId }: { modelId: string }) {
  const upload = useUploadDiagram(modelId);
  const [file, setFile] = useState<File | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (file) upload.mutate(file);
  };
  const imageError = fieldOf(upload.error, 'image');
  return (
    <form onSubmit={submit} aria-label="Diagram image" className="flex max-w-lg flex-col gap-3" noValidate>
      <label className="flex flex-col gap-1">
        <span>Diagram image (JPEG, PNG or WebP, at most 5 MB)</span>
        <input
          type="file"
          className="file-input"
          accept="image/jpeg,image/png,image/webp"
          aria-invalid={imageError ? true : undefined}
          aria-describedby={imageError ? 'diagram-image-error' : undefined}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      </label>
      <ErrorText id="diagram-image-error" error={imageError} />
      <ErrorText alert error={generalError(upload.error)} />
      <SubmitButton busy={upload.isPending} disabled={!file} className="btn btn-primary self-start">
        Upload diagram
      </SubmitButton>
    </form>
  );
}

/** Number, x%, y% and part: places (or moves) a hotspot, from the keyboard or after a click on the image. */
function HotspotForm({
  modelId,
  spot,
  setSpot,
}: {
  modelId: string;
  spot: Spot;
  setSpot: (s: Spot) => void;
}) {
  const place = usePlaceHotspot(modelId);
  const set = (k: keyof Spot) => (e: { target: { value: string } }) =>
    setSpot({ ...spot, [k]: e.target.value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    place.mutate({
      number: Number(spot.number),
      xPct: Number(spot.xPct),
      yPct: Number(spot.yPct),
      productId: spot.productId,
    });
  };
  const percent = { type: 'number', min: 0, max: 100, step: '0.01' } as const;
  return (
    <form onSubmit={submit} aria-label="Place a hotspot" className="flex max-w-lg flex-col gap-3" noValidate>
      <TextField
        label="Hotspot number"
        type="number"
        min={1}
        max={999}
        value={spot.number}
        onChange={set('number')}
        error={fieldOf(place.error, 'number')}
      />
      <TextField
        label="x (% of the width)"
        {...percent}
        value={spot.xPct}
        onChange={set('xPct')}
        error={fieldOf(place.error, 'xPct')}
      />
      <TextField
        label="y (% of the height)"
        {...percent}
        value={spot.yPct}
        onChange={set('yPct')}
        error={fieldOf(place.error, 'yPct')}
      />
      <TextField
        label="Part product id"
        value={spot.productId}
        onChange={set('productId')}
        error={fieldOf(place.error, 'productId')}
      />
      <ErrorText alert error={generalError(place.error)} />
      {place.isSuccess && <p role="status">Hotspot placed.</p>}
      <SubmitButton busy={place.isPending} className="btn btn-primary self-start">
        Place hotspot
      </SubmitButton>
    </form>
  );
}

/**
 * The diagram image and its numbered hotspots. Clicking the image fills x% and y% with the spot clicked; the
 * number, x%, y% and product fields place (or move) a hotspot from the keyboard too.
 */
export function DiagramEditor({ modelId }: { modelId: string }) {
  const diagram = useDiagram(modelId);
  const [spot, setSpot] = useState<Spot>({ number: '1', xPct: '', yPct: '', productId: '' });
  const pick = (e: MouseEvent<HTMLImageElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    if (!box.width || !box.height) return;
    setSpot({
      ...spot,
      xPct: String(percentOf(e.clientX - box.left, box.width)),
      yPct: String(percentOf(e.clientY - box.top, box.height)),
    });
  };
  const url = diagram.data?.url;
  return (
    <section aria-labelledby="diagram-admin-heading" className="flex flex-col gap-4">
      <h3 id="diagram-admin-heading" className="text-lg font-semibold">
        Exploded diagram
      </h3>
      <DiagramImageForm modelId={modelId} />
      {url && (
        <div className="relative w-full max-w-3xl">
          {/* The click is a shortcut for the x% and y% fields below, which keyboard users fill in. */}
          <img
            src={url}
            alt="The model's exploded diagram: click to fill x% and y% below"
            className="w-full cursor-crosshair rounded-box"
            onClick={pick}
          />
          {diagram.data!.hotspots.map((h) => (
            <span
              key={h.number}
              aria-hidden="true"
              className="badge badge-primary absolute -translate-x-1/2 -translate-y-1/2"
              style={{ left: `${h.xPct}%`, top: `${h.yPct}%` }}
            >
              {h.number}
            </span>
          ))}
        </div>
      )}
      <ul aria-label="Hotspots" className="flex flex-col gap-1">
        {(diagram.data?.hotspots ?? []).map((h) => (
          <li key={h.number}>
            {h.number}. {h.name} at {h.xPct}%, {h.yPct}%
          </li>
        ))}
      </ul>
      <HotspotForm modelId={modelId} spot={spot} setSpot={setSpot} />
    </section>
  );
}
