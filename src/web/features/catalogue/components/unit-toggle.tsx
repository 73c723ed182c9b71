import { useId } from 'react';
import type { UnitSystem } from '@shared/catalogue/units';
import { setUnitSystem, useUnitSystem } from '../lib/units';

const options: { value: UnitSystem; label: string; hint: string }[] = [
  { value: 'metric', label: 'Metric', hint: 'bar, L/min, kW, L, kg, N·m' },
  { value: 'imperial', label: 'Imperial', hint: 'psi, CFM, HP, gal, lb, ft·lb' },
];

/** Metric or imperial specs: a radio group, remembered by this browser for every page that shows specs. */
export function UnitToggle({ className = '' }: { className?: string }) {
  const system = useUnitSystem();
  const name = useId();
  return (
    <fieldset className={`flex items-center gap-2${className}`}>
      <legend className="sr-only">Units</legend>
      <span aria-hidden="true" className="text-sm font-medium">
        Units
      </span>
      <div className="join">
        {options.map((o) => (
          <label
            key={o.value}
            title={o.hint}
            className={`btn join-item btn-sm has-[:focus-visible]:outline-2 ${system === o.value ? 'btn-primary' : 'btn-outline'}`}
          >
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={system === o.value}
              onChange={() => setUnitSystem(o.value)}
              className="sr-only"
            />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
