import { useState } from 'react';
import { Link } from 'react-router';
import { formatCents } from '@shared/common/money';
import { paths } from '@shared/common/web-paths';
import { ErrorText } from '@/components/ui/error-text';
import { SubmitButton } from '@/components/ui/submit-button';
import { useAddPart, useDiagram } from '../api/equipment';

/**
 * A model's exploded diagram: numbered hotspot buttons over the image (Tab, Enter), each named "Part 3: Air filter
 * …"; the chosen part shows with its price, whether it fits this machine, and Add to cart.
 */
export function ExplodedDiagram({
  modelId,
  email,
  fitting,
}: {
  modelId: string;
  email: string;
  /** The product ids that fit this machine. */
  fitting: Set<string>;
}) {
  const diagram = useDiagram(modelId);
  const add = useAddPart(email);
  const [chosen, setChosen] = useState<number | null>(null);
  if (!diagram.data?.url) return null;
  const spot = diagram.data.hotspots.find((h) => h.number === chosen);
  return (
    <section aria-labelledby="diagram-heading" className="mt-8">
      <h2 id="diagram-heading" className="text-xl font-semibold">
        Exploded diagram
      </h2>
      <div className="relative mt-2 w-full max-w-3xl">
        <img src={diagram.data.url} alt="Exploded diagram of the machine" className="w-full rounded-box" />
        {diagram.data.hotspots.map((h) => (
          <button
            key={h.number}
            type="button"
            aria-label={`Part ${h.number}: ${h.name}`}
            aria-pressed={chosen === h.number}
            className="btn btn-circle btn-sm btn-primary absolute -translate-x-1/2 -translate-y-1/2"
            style={{ left: `${h.xPct}%`, top: `${h.yPct}%` }}
            onClick={() => {
              add.reset();
              setChosen(h.number);
            }}
          >
            {h.number}
          </button>
        ))}
      </div>
      {spot && (
        <div role="region" aria-live="polite" aria-label="Chosen part" className="mt-4 flex flex-col gap-2">
          <p className="font-semibold">
            {spot.number}.{' '}
            <Link className="link" to={paths.product(spot.productId)}>
              {spot.name}
            </Link>{' '}
            {formatCents(spot.priceCents)}
          </p>
          <p>
            {fitting.has(spot.productId)
              ? 'Fits this machine.'
              : 'Does not fit this machine’s serial number.'}
          </p>
          <SubmitButton
            type="button"
            busy={add.isPending}
            className="btn btn-primary self-start"
            disabled={!fitting.has(spot.productId)}
            onClick={() => add.mutate(spot.productId)}
          >
            Add {spot.name} to cart
          </SubmitButton>
          {add.isSuccess && <p role="status">Added to your cart.</p>}
          <ErrorText alert error={add.error?.message} />
        </div>
      )}
    </section>
  );
}
