import type { UnitSystem } from '@shared/catalogue/units';

/**
 * The product form's shipping boxes in the visitor's units. The API takes pounds and inches (decision 037); a
 * metric visitor types kilograms and centimetres, converted on submit to what the API keeps (2 and 1 decimals).
 */
const KG_PER_LB = 0.45359237;
const CM_PER_IN = 2.54;

export type ShippingMeasure = 'weight' | 'length';

export const shippingUnit = (measure: ShippingMeasure, system: UnitSystem) =>
  measure === 'weight' ? (system === 'metric' ? 'kg' : 'lb') : system === 'metric' ? 'cm' : 'in';

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/** A typed value (in `system`'s unit) → pounds or inches, as the API keeps them; null stays null. */
export function toApiShipping(measure: ShippingMeasure, value: number | null, system: UnitSystem) {
  if (value === null || system === 'imperial') return value;
  return measure === 'weight' ? round(value / KG_PER_LB, 2) : round(value / CM_PER_IN, 1);
}

/** The text in a box when the visitor switches units: the same amount in the other unit; anything else as is. */
export function convertShownShipping(
  measure: ShippingMeasure,
  text: string,
  from: UnitSystem,
  to: UnitSystem,
) {
  const n = Number(text.trim());
  if (from === to || text.trim() === '' || !Number.isFinite(n)) return text;
  const factor = measure === 'weight' ? KG_PER_LB : CM_PER_IN;
  const shown = to === 'metric' ? n * factor : n / factor;
  return String(round(shown, measure === 'weight' ? 2 : 1));
}
