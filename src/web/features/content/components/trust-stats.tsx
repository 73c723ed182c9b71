import { useCountUp } from './use-count-up';

export const trustStats: { end: number; label: string }[] = [
  { end: 129, label: 'customers' },
  { end: 10, label: 'tools' },
  { end: 23, label: 'reviews' },
];

function Counter({ end, label }: (typeof trustStats)[number]) {
  const { ref, value } = useCountUp<HTMLDivElement>(end);
  return (
    <div
      ref={ref}
      className="flex flex-col items-center gap-2 rounded-box border-t-4 border-primary bg-base-100 p-6 shadow-sm"
    >
      {/* The moving number is for the eye; assistive technology reads the final figure once. */}
      <p className="text-4xl font-extrabold tabular-nums" aria-hidden="true" data-testid={`counter-${label}`}>
        {value}+
      </p>
      <p className="sr-only">
        {end}+ {label}
      </p>
      <p className="font-medium capitalize text-base-content/75" aria-hidden="true">
        {label}
      </p>
    </div>
  );
}

const partners = [1, 2, 3, 4].map((n) => ({ src: `/partners/partner-${n}.svg` }));
const partnerNames = ['Northwind Air', 'Ferro Works', 'Kestrel Power', 'Baltic Machining'];

export function TrustStats() {
  return (
    <section aria-labelledby="trust-heading" className="bg-base-200 py-16">
      <div className="mx-auto max-w-7xl px-4">
        <h2 id="trust-heading" className="mb-2 text-center text-3xl font-bold tracking-tight sm:text-4xl">
          Trusted by workshops nationwide
        </h2>
        <p className="mb-10 text-center text-base-content/75">
          Contractors, fleets and fabrication shops rely on our tools every day.
        </p>
        <div className="grid gap-6 sm:grid-cols-3">
          {trustStats.map((s) => (
            <Counter key={s.label} {...s} />
          ))}
        </div>
        <h3 className="mt-12 mb-6 text-center text-lg font-semibold text-base-content/75">Our partners</h3>
        <ul className="grid grid-cols-2 items-center gap-6 sm:grid-cols-4">
          {partners.map((p, i) => (
            <li key={p.src} className="flex justify-center">
              <img
                src={p.src}
                alt={partnerNames[i]}
                width={160}
                height={48}
                loading="lazy"
                className="h-12 w-40 opacity-80"
              />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
