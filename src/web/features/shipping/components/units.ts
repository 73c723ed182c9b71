const weight = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export type WeightUnit = 'lb' | 'kg';

/** Grams in pounds or kilograms, for display only (the API and the inputs keep whole grams). */
export const shownWeight = (grams: number, unit: WeightUnit) =>
  Number.isFinite(grams) ? `${weight.format(unit === 'lb' ? grams / 453.59237 : grams / 1000)} ${unit}` : '';
