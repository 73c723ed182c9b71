/**
 * NMFC freight classes, cheapest first: what a freight product and a freight rate row may name, what the rate engine
 * ranks a pallet by (its highest class) and what the database's `products_freight_class` check allows.
 */
export const freightClasses = [
  '50',
  '55',
  '60',
  '65',
  '70',
  '77.5',
  '85',
  '92.5',
  '100',
  '110',
  '125',
  '150',
  '175',
  '200',
  '250',
  '300',
  '400',
  '500',
] as const;
export type FreightClass = (typeof freightClasses)[number];
