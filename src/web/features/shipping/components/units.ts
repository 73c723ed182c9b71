const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const weight = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export type WeightUnit = 'lb' | 'kg';

/** Cents as dollars, for display only (the API and the inputs keep whole cents). */
export const dollars = (cents: number) => (Number.isFinite(cents) ? usd.format(cents / 100) : '');

/** Grams in pounds or kilograms, for display only (the API and the inputs keep whole grams). */
export const shownWeight = (grams: number, unit: WeightUnit) =>
  Number.isFinite(grams) ? `${weight.format(unit === 'lb' ? grams / 453.59237 : grams / 1000)} ${unit}` : '';
