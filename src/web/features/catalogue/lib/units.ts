import { useSyncExternalStore } from 'react';
import {
  formatSpec,
  fromDisplay,
  isUnitKind,
  roundForDisplay,
  toDisplay,
  unitSymbol,
  type UnitSystem,
} from '@shared/catalogue/units';
import type { SpecValue } from '@shared/catalogue/search.schema';

const STORAGE_KEY = 'toolhouse.units';
const listeners = new Set<() => void>();
let current: UnitSystem | undefined;

function read(): UnitSystem {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'imperial' ? 'imperial' : 'metric';
  } catch {
    // Storage can be off (privacy settings): metric, the API's own units.
    return 'metric';
  }
}

/** Remembers the visitor's choice in this browser; every component showing specs follows at once. */
export function setUnitSystem(system: UnitSystem) {
  try {
    localStorage.setItem(STORAGE_KEY, system);
  } catch {
    // Not remembered, but still applied below for this visit.
  }
  current = system;
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changed it.
  const onStorage = (e: StorageEvent) => {
    if (e.key === STORAGE_KEY) {
      current = read();
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useUnitSystem(): UnitSystem {
  return useSyncExternalStore(
    subscribe,
    () => (current ??= read()),
    () => 'metric',
  );
}

/** Forget the cached choice (tests reset localStorage between cases). */
export function resetUnitSystemCache() {
  current = undefined;
}

/** The unit a spec of this kind is shown (and filtered) in; '' for a kind without units. */
export const shownUnit = (kind: string | null, system: UnitSystem) =>
  isUnitKind(kind) ? unitSymbol(kind, system) : '';

/** "8 bar" / "116 psi"; a text spec as written. */
export function formatSpecValue(spec: SpecValue, system: UnitSystem): string {
  if (spec.type === 'text' || spec.value === null) return spec.valueText ?? '—';
  if (isUnitKind(spec.unitKind)) return formatSpec(spec.unitKind, spec.value, system);
  return `${roundForDisplay(spec.value).toLocaleString('en-US')}${spec.unit ? ` ${spec.unit}` : ''}`;
}

/** A canonical filter bound → the number shown in the filter's field, rounded like the specs it filters. */
export function boundToShown(kind: string | null, canonical: number | null, system: UnitSystem): string {
  if (canonical === null) return '';
  const shown = isUnitKind(kind) ? toDisplay(kind, canonical, system) : canonical;
  return String(roundForDisplay(shown));
}

/** What the visitor typed in the shown unit → the canonical bound the URL and the API use; null when empty. */
export function shownToBound(kind: string | null, text: string, system: UnitSystem): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const n = Number(trimmed);
  if (!Number.isFinite(n)) return null;
  return isUnitKind(kind) ? fromDisplay(kind, n, system) : n;
}
