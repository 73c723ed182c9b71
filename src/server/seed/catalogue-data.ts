/**
 * The catalogue's structure and the demo products' part numbers, brands, categories and specs.
 * Pure data. Spec values are in the canonical unit of their attribute (bar, L/min, kW, L, V, kg, dB(A), N·m).
 */
import type { UnitKind } from '@shared/catalogue/units';

export interface CategorySeed {
  slug: string;
  name: string;
  parent?: string;
  /** Attribute keys this category's products carry, in display order. */
  specs: string[];
}

export interface AttributeSeed {
  key: string;
  label: string;
  type: 'number' | 'text';
  unitKind?: UnitKind;
}

export const demoAttributes: AttributeSeed[] = [
  { key: 'pressure', label: 'Maximum pressure', type: 'number', unitKind: 'pressure' },
  { key: 'airflow', label: 'Air flow', type: 'number', unitKind: 'flow' },
  { key: 'power', label: 'Motor power', type: 'number', unitKind: 'power' },
  { key: 'tank', label: 'Tank volume', type: 'number', unitKind: 'volume' },
  { key: 'voltage', label: 'Voltage', type: 'number', unitKind: 'voltage' },
  { key: 'weight', label: 'Weight', type: 'number', unitKind: 'mass' },
  { key: 'noise', label: 'Noise level', type: 'number', unitKind: 'noise' },
  { key: 'torque', label: 'Maximum torque', type: 'number', unitKind: 'torque' },
  { key: 'source', label: 'Power source', type: 'text' },
];

const compressorSpecs = ['pressure', 'airflow', 'power', 'tank', 'voltage', 'noise', 'weight', 'source'];

export const demoCategories: CategorySeed[] = [
  { slug: 'compressors', name: 'Compressors', specs: compressorSpecs },
  { slug: 'piston-compressors', name: 'Piston', parent: 'compressors', specs: [] },
  { slug: 'rotary-screw', name: 'Rotary screw', parent: 'compressors', specs: [] },
  { slug: 'portable-compressors', name: 'Portable', parent: 'compressors', specs: [] },
  {
    slug: 'air-treatment',
    name: 'Air treatment',
    specs: ['airflow', 'pressure', 'power', 'voltage', 'weight'],
  },
  { slug: 'air-tools', name: 'Air tools', specs: ['pressure', 'airflow', 'torque', 'weight'] },
  { slug: 'power-tools', name: 'Power tools', specs: ['power', 'voltage', 'torque', 'weight', 'source'] },
  { slug: 'cordless-tools', name: 'Cordless', parent: 'power-tools', specs: [] },
  { slug: 'grinders', name: 'Grinders', parent: 'power-tools', specs: [] },
  { slug: 'drilling', name: 'Drilling', parent: 'power-tools', specs: [] },
  { slug: 'welding-cutting', name: 'Welding & cutting', specs: ['voltage', 'pressure', 'airflow', 'weight'] },
  { slug: 'hand-tools', name: 'Hand tools', specs: ['torque', 'weight'] },
  { slug: 'workshop-equipment', name: 'Workshop equipment', specs: ['weight'] },
  { slug: 'hoses-fittings', name: 'Hoses & fittings', specs: ['pressure', 'weight'] },
  { slug: 'abrasives', name: 'Abrasives', specs: [] },
];

export interface ProductCatalogueSeed {
  sku: string;
  brand: string;
  category: string;
  specs: Record<string, number | string>;
  /** Sold in packs of this many (quantities are multiples); 1 or absent when sold singly. */
  packSize?: number;
  /** Quantity price breaks: from `minQuantity` units on, each costs `unitPriceCents`. */
  priceBreaks?: { minQuantity: number; unitPriceCents: number }[];
  /**
   * How one unit ships, packed (decision 046): kilograms and the box or crate in millimetres; machines over the
   * demo's 70 lb parcel limit go by LTL freight with their NMFC class.
   */
  shipping: {
    kg: number;
    mm: [length: number, width: number, height: number];
    freightClass?: string;
  };
}

/** Keyed by the demo product's slug (see demo-data.ts). */
export const demoProductCatalogue: Record<string, ProductCatalogueSeed> = {
  'atlas-50l-oil-free-air-compressor': {
    sku: 'AC-50-OF',
    brand: 'Atlas',
    category: 'piston-compressors',
    shipping: { kg: 36, mm: [900, 420, 760], freightClass: '85' },
    specs: {
      pressure: 8,
      airflow: 206,
      power: 1.5,
      tank: 50,
      voltage: 230,
      noise: 68,
      weight: 31,
      source: 'Electric',
    },
  },
  'rotary-screw-compressor-7-5kw': {
    sku: 'RS-75-400',
    brand: 'Norden',
    category: 'rotary-screw',
    shipping: { kg: 240, mm: [1000, 800, 1150], freightClass: '85' },
    specs: {
      pressure: 8,
      airflow: 1050,
      power: 7.5,
      voltage: 400,
      noise: 66,
      weight: 215,
      source: 'Electric',
    },
  },
  'portable-diesel-compressor': {
    sku: 'PD-5000-D',
    brand: 'Norden',
    category: 'portable-compressors',
    shipping: { kg: 800, mm: [3300, 1600, 1400], freightClass: '85' },
    specs: { pressure: 7, airflow: 5000, power: 36, noise: 98, weight: 780, source: 'Diesel' },
  },
  'refrigerated-air-dryer-1200': {
    sku: 'RD-1200',
    brand: 'Norden',
    category: 'air-treatment',
    shipping: { kg: 40, mm: [650, 500, 850], freightClass: '100' },
    specs: { airflow: 1200, pressure: 16, power: 0.35, voltage: 230, weight: 34 },
  },
  '18v-brushless-impact-wrench': {
    sku: 'IW-18-610',
    brand: 'Voltmark',
    category: 'cordless-tools',
    shipping: { kg: 2.4, mm: [300, 250, 110] },
    specs: { voltage: 18, torque: 610, weight: 1.7, source: 'Battery' },
    priceBreaks: [
      { minQuantity: 5, unitPriceCents: 21849 },
      { minQuantity: 10, unitPriceCents: 20699 },
    ],
  },
  '18v-brushless-drill-driver': {
    sku: 'DD-18-95',
    brand: 'Voltmark',
    category: 'cordless-tools',
    shipping: { kg: 2.2, mm: [300, 250, 110] },
    specs: { voltage: 18, torque: 95, weight: 1.5, source: 'Battery' },
  },
  'heavy-duty-angle-grinder-230mm': {
    sku: 'AG-230-24',
    brand: 'Ironclad',
    category: 'grinders',
    shipping: { kg: 7, mm: [560, 280, 160] },
    specs: { power: 2.4, voltage: 230, weight: 5.6, source: 'Electric' },
  },
  'pneumatic-framing-nailer': {
    sku: 'FN-90-21',
    brand: 'Pneumax',
    category: 'air-tools',
    shipping: { kg: 4.6, mm: [520, 420, 150] },
    specs: { pressure: 8.3, weight: 3.6 },
  },
  'magnetic-drill-press': {
    sku: 'MD-35-11',
    brand: 'Ironclad',
    category: 'drilling',
    shipping: { kg: 14, mm: [450, 300, 480] },
    specs: { power: 1.1, voltage: 230, weight: 11.5, source: 'Electric' },
  },
  'digital-torque-wrench-1-2in': {
    sku: 'TW-340-12',
    brand: 'Torvik',
    category: 'hand-tools',
    shipping: { kg: 2, mm: [700, 120, 80] },
    specs: { torque: 340, weight: 1.3 },
  },
  'bench-grinder-200mm': {
    sku: 'BG-200-55',
    brand: 'Ironclad',
    category: 'grinders',
    shipping: { kg: 17, mm: [480, 320, 330] },
    specs: { power: 0.55, voltage: 230, weight: 15, source: 'Electric' },
  },
  'hydraulic-floor-jack-3t': {
    sku: 'FJ-3000',
    brand: 'Torvik',
    category: 'workshop-equipment',
    shipping: { kg: 38, mm: [760, 380, 230], freightClass: '70' },
    specs: { weight: 34 },
  },
  'plasma-cutter-45a': {
    sku: 'PC-45',
    brand: 'Weldex',
    category: 'welding-cutting',
    shipping: { kg: 14, mm: [520, 300, 400] },
    specs: { voltage: 230, pressure: 5.5, airflow: 140, weight: 11 },
  },
  'mig-welder-200a': {
    sku: 'MIG-200',
    brand: 'Weldex',
    category: 'welding-cutting',
    shipping: { kg: 17, mm: [560, 300, 450] },
    specs: { voltage: 230, weight: 14 },
  },
  'air-hose-reel-15m': {
    sku: 'HR-15-10',
    brand: 'Pneumax',
    category: 'hoses-fittings',
    shipping: { kg: 9.5, mm: [500, 480, 230] },
    specs: { pressure: 20, weight: 8.2 },
    priceBreaks: [
      { minQuantity: 10, unitPriceCents: 8495 },
      { minQuantity: 50, unitPriceCents: 7995 },
    ],
  },
  'pneumatic-air-ratchet-3-8in': {
    sku: 'AR-38-68',
    brand: 'Pneumax',
    category: 'air-tools',
    shipping: { kg: 1.3, mm: [320, 120, 70] },
    specs: { pressure: 6.2, airflow: 113, torque: 68, weight: 0.95 },
  },
  'cut-off-wheels-125mm-25-pack': {
    sku: 'CW-125-25',
    brand: 'Ironclad',
    category: 'abrasives',
    shipping: { kg: 1.4, mm: [135, 135, 60] },
    specs: {},
    packSize: 5,
    priceBreaks: [
      { minQuantity: 20, unitPriceCents: 3599 },
      { minQuantity: 50, unitPriceCents: 3199 },
    ],
  },
  'air-blow-gun-kit': {
    sku: 'BG-KIT-10',
    brand: 'Pneumax',
    category: 'air-tools',
    shipping: { kg: 0.4, mm: [250, 180, 60] },
    specs: { pressure: 10, weight: 0.14 },
    packSize: 5,
    priceBreaks: [
      { minQuantity: 10, unitPriceCents: 1680 },
      { minQuantity: 50, unitPriceCents: 1490 },
    ],
  },
};
