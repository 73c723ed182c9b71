/**
 * Units of the technical specs. Every numeric spec is stored and filtered in one canonical metric unit; the
 * storefront may show (and take filters in) imperial units. All conversions live here so server and web agree.
 */
export const unitKinds = [
  'pressure',
  'flow',
  'power',
  'volume',
  'voltage',
  'mass',
  'noise',
  'torque',
] as const;
export type UnitKind = (typeof unitKinds)[number];
export type UnitSystem = 'metric' | 'imperial';

interface UnitDef {
  metric: string;
  imperial: string;
  /** How many canonical (metric) units one imperial unit is. */
  perImperial: number;
}

/** Exact or standard factors: 1 psi = 0.0689475729 bar, 1 CFM = 28.316846592 L/min, 1 mechanical HP = 745.69987 W … */
export const units: Record<UnitKind, UnitDef> = {
  pressure: { metric: 'bar', imperial: 'psi', perImperial: 0.0689475729316836 },
  flow: { metric: 'L/min', imperial: 'CFM', perImperial: 28.316846592 },
  power: { metric: 'kW', imperial: 'HP', perImperial: 0.74569987158227 },
  volume: { metric: 'L', imperial: 'gal', perImperial: 3.785411784 },
  voltage: { metric: 'V', imperial: 'V', perImperial: 1 },
  mass: { metric: 'kg', imperial: 'lb', perImperial: 0.45359237 },
  noise: { metric: 'dB(A)', imperial: 'dB(A)', perImperial: 1 },
  torque: { metric: 'N·m', imperial: 'ft·lb', perImperial: 1.3558179483314 },
};

export const isUnitKind = (k: string | null | undefined): k is UnitKind =>
  typeof k === 'string' && (unitKinds as readonly string[]).includes(k);

/** The symbol a value of this kind is shown with in the given system. */
export const unitSymbol = (kind: UnitKind, system: UnitSystem): string => units[kind][system];

/** Canonical (stored) value → the value shown in `system`. */
export function toDisplay(kind: UnitKind, canonical: number, system: UnitSystem): number {
  return system === 'metric' ? canonical : canonical / units[kind].perImperial;
}

/** A value typed in `system` (e.g. a filter in psi) → the canonical value the API and database use. */
export function fromDisplay(kind: UnitKind, shown: number, system: UnitSystem): number {
  return system === 'metric' ? shown : shown * units[kind].perImperial;
}

/**
 * Rounds for display: three significant digits below 100 (7.25 bar, 0.35 kW), whole numbers above
 * (1,050 L/min, 116 psi), so a converted value never shows false precision.
 */
export function roundForDisplay(value: number): number {
  if (value === 0 || !Number.isFinite(value)) return value;
  const abs = Math.abs(value);
  if (abs >= 100) return Math.round(value);
  const digits = 3 - Math.ceil(Math.log10(abs));
  const f = 10 ** Math.max(0, digits);
  return Math.round(value * f) / f;
}

/** "8 bar", "116 psi", "1,050 L/min", "37.1 CFM" (en-US digit grouping). */
export function formatSpec(kind: UnitKind, canonical: number, system: UnitSystem = 'metric'): string {
  const shown = roundForDisplay(toDisplay(kind, canonical, system));
  return `${shown.toLocaleString('en-US', { maximumFractionDigits: 3 })} ${unitSymbol(kind, system)}`;
}
