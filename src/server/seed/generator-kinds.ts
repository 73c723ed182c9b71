/**
 * Product kinds for the catalogue generator: realistic spec ranges (canonical units) per category, and names,
 * descriptions and prices derived from the specs. Data, mostly.
 */
import { formatSpec } from '@shared/catalogue/units';

type Rand = () => number;
export type Specs = Record<string, number | string>;

export interface ProductKind {
  code: string;
  category: string;
  brands: string[];
  specs(r: Rand): Specs;
  name(s: Specs, r: Rand): string;
  /** A list price in whole dollars before the generator's ±25 % spread. */
  price(s: Specs): number;
  description(s: Specs, brand: string): string;
}

const pick = <T>(r: Rand, xs: T[]): T => xs[Math.floor(r() * xs.length)]!;
const between = (r: Rand, lo: number, hi: number, step = 1) =>
  Math.round((lo + r() * (hi - lo)) / step) * step;
const fix = (v: number, digits = 2) => Number(v.toFixed(digits));
const num = (s: Specs, k: string) => s[k] as number;

const spec = (s: Specs) =>
  [
    s.pressure !== undefined &&
      `maximum pressure ${formatSpec('pressure', num(s, 'pressure'))} (${formatSpec('pressure', num(s, 'pressure'), 'imperial')})`,
    s.airflow !== undefined &&
      `${formatSpec('flow', num(s, 'airflow'))} (${formatSpec('flow', num(s, 'airflow'), 'imperial')}) air flow`,
    s.power !== undefined &&
      `${formatSpec('power', num(s, 'power'))} (${formatSpec('power', num(s, 'power'), 'imperial')}) motor`,
    s.tank !== undefined && `${formatSpec('volume', num(s, 'tank'))} tank`,
    s.torque !== undefined && `${formatSpec('torque', num(s, 'torque'))} torque`,
    s.voltage !== undefined && `${s.voltage} V supply`,
    s.noise !== undefined && `${s.noise} dB(A)`,
    s.weight !== undefined && `weight ${formatSpec('mass', num(s, 'weight'))}`,
  ]
    .filter(Boolean)
    .join(', ');

const describe = (what: string, use: string) => (s: Specs, brand: string) =>
  `${brand} ${what} for ${use}: ${spec(s)}.`;

const compressorBrands = ['Atlas', 'Norden', 'Kompressa', 'Airmaster', 'Boreas'];
const toolBrands = ['Voltmark', 'Ironclad', 'Torvik', 'Pneumax', 'Kraftline'];

export const productKinds: ProductKind[] = [
  {
    code: 'PC',
    category: 'piston-compressors',
    brands: compressorBrands,
    specs: (r) => {
      const power = pick(r, [1.1, 1.5, 2.2, 3, 4, 5.5, 7.5]);
      const tank = pick(r, [24, 50, 100, 150, 200, 270, 500]);
      return {
        pressure: pick(r, [8, 10, 11, 15]),
        airflow: fix(power * between(r, 120, 170)),
        power,
        tank,
        voltage: power > 2.2 ? 400 : 230,
        noise: between(r, 65, 85),
        weight: fix(tank * 0.45 + power * 12, 1),
        source: 'Electric',
      };
    },
    name: (s) => `${s.tank} L Piston Compressor ${s.power} kW`,
    price: (s) => 150 + num(s, 'power') * 250 + num(s, 'tank') * 2,
    description: describe('belt-driven piston compressor', 'workshops and garages'),
  },
  {
    code: 'RS',
    category: 'rotary-screw',
    brands: compressorBrands,
    specs: (r) => {
      const power = pick(r, [4, 5.5, 7.5, 11, 15, 18.5, 22, 30, 37, 45, 55, 75]);
      const pressure = pick(r, [7.5, 8, 10, 13]);
      return {
        pressure,
        airflow: fix((power * 1300) / pressure),
        power,
        voltage: 400,
        noise: between(r, 62, 75),
        weight: fix(power * 18 + 90, 1),
        source: 'Electric',
      };
    },
    name: (s) => `Rotary Screw Compressor ${s.power} kW ${s.pressure} bar`,
    price: (s) => 2500 + num(s, 'power') * 550,
    description: describe('rotary screw compressor', 'continuous duty in factories'),
  },
  {
    code: 'PD',
    category: 'portable-compressors',
    brands: compressorBrands,
    specs: (r) => {
      const airflow = between(r, 2000, 12000, 100);
      return {
        pressure: pick(r, [7, 10, 14]),
        airflow,
        power: fix(airflow / 140, 1),
        noise: between(r, 95, 100),
        weight: fix(airflow * 0.16 + 300, 0),
        source: 'Diesel',
      };
    },
    name: (s) => `Portable Diesel Compressor ${num(s, 'airflow') / 1000} m³/min`,
    price: (s) => 6000 + num(s, 'airflow') * 2.2,
    description: describe('towable diesel compressor', 'construction sites'),
  },
  {
    code: 'AD',
    category: 'air-treatment',
    brands: compressorBrands,
    specs: (r) => {
      const airflow = between(r, 300, 10000, 50);
      return {
        airflow,
        pressure: pick(r, [13, 14, 16]),
        power: fix(airflow / 3500, 2),
        voltage: airflow > 5000 ? 400 : 230,
        weight: fix(airflow / 60 + 15, 1),
      };
    },
    name: (s, r) =>
      `${pick(r, ['Refrigerated Air Dryer', 'Desiccant Dryer', 'Line Filter Set'])} ${s.airflow} L/min`,
    price: (s) => 300 + num(s, 'airflow') * 0.6,
    description: describe('compressed air treatment unit', 'dry, clean air at the point of use'),
  },
  {
    code: 'AT',
    category: 'air-tools',
    brands: toolBrands,
    specs: (r) => ({
      pressure: pick(r, [6.2, 6.3, 8.3]),
      airflow: between(r, 80, 350),
      torque: between(r, 40, 2000, 10),
      weight: fix(0.8 + r() * 5, 2),
    }),
    name: (s, r) =>
      `${pick(r, ['Pneumatic Impact Wrench', 'Air Ratchet', 'Air Hammer', 'Die Grinder'])} ${s.torque} N·m`,
    price: (s) => 60 + num(s, 'torque') * 0.25,
    description: describe('air tool', 'vehicle and assembly work'),
  },
  {
    code: 'CT',
    category: 'cordless-tools',
    brands: toolBrands,
    specs: (r) => ({
      voltage: pick(r, [12, 18, 36]),
      torque: between(r, 40, 1800, 5),
      weight: fix(0.9 + r() * 3, 2),
      source: 'Battery',
    }),
    name: (s, r) =>
      `${s.voltage}V Brushless ${pick(r, ['Drill Driver', 'Impact Driver', 'Impact Wrench', 'Hammer Drill'])}`,
    price: (s) => 80 + num(s, 'torque') * 0.2 + num(s, 'voltage') * 4,
    description: describe('cordless tool', 'site and service work'),
  },
  {
    code: 'GR',
    category: 'grinders',
    brands: toolBrands,
    specs: (r) => ({
      power: fix(pick(r, [0.55, 0.9, 1.2, 1.4, 2, 2.4, 2.6]), 2),
      voltage: 230,
      weight: fix(1.8 + r() * 6, 1),
      source: 'Electric',
    }),
    name: (s, r) =>
      `${pick(r, ['Angle Grinder 125 mm', 'Angle Grinder 230 mm', 'Bench Grinder 200 mm', 'Straight Grinder'])} ${Math.round(num(s, 'power') * 1000)} W`,
    price: (s) => 45 + num(s, 'power') * 90,
    description: describe('grinder', 'cutting, grinding and finishing metal'),
  },
  {
    code: 'MD',
    category: 'drilling',
    brands: toolBrands,
    specs: (r) => ({
      power: fix(0.9 + r() * 1.1, 2),
      voltage: pick(r, [230, 400]),
      weight: fix(10 + r() * 15, 1),
      source: 'Electric',
    }),
    name: (s, r) =>
      `${pick(r, ['Magnetic Drill', 'Pillar Drill', 'Core Drill'])} ${Math.round(num(s, 'power') * 1000)} W`,
    price: (s) => 400 + num(s, 'power') * 300,
    description: describe('drilling machine', 'structural steel'),
  },
  {
    code: 'WC',
    category: 'welding-cutting',
    brands: ['Weldex', 'Arcline', 'Ironclad'],
    specs: (r) => ({
      voltage: pick(r, [230, 400]),
      pressure: fix(4.5 + r() * 1.5, 1),
      airflow: between(r, 100, 220),
      weight: fix(8 + r() * 30, 1),
    }),
    name: (_s, r) =>
      `${pick(r, ['MIG Welder', 'TIG Welder', 'Plasma Cutter', 'MMA Inverter'])} ${pick(r, [140, 160, 200, 250, 315])} A`,
    price: (s) => 300 + num(s, 'weight') * 25,
    description: describe('welding and cutting machine', 'fabrication shops'),
  },
  {
    code: 'HT',
    category: 'hand-tools',
    brands: toolBrands,
    specs: (r) => ({ torque: between(r, 20, 1000, 5), weight: fix(0.4 + r() * 2.5, 2) }),
    name: (s, r) =>
      `${pick(r, ['Click Torque Wrench', 'Digital Torque Wrench', 'Torque Multiplier'])} ${s.torque} N·m`,
    price: (s) => 40 + num(s, 'torque') * 0.3,
    description: describe('hand tool', 'accurate fastening'),
  },
  {
    code: 'WE',
    category: 'workshop-equipment',
    brands: ['Torvik', 'Ironclad', 'Kraftline'],
    specs: (r) => ({ weight: fix(15 + r() * 120, 1) }),
    name: (_s, r) =>
      `${pick(r, ['Trolley Jack', 'Axle Stands', 'Workbench', 'Parts Washer', 'Engine Crane'])} ${pick(r, [2, 3, 5, 10])} t`,
    price: (s) => 80 + num(s, 'weight') * 6,
    description: describe('workshop equipment', 'vehicle workshops'),
  },
  {
    code: 'HF',
    category: 'hoses-fittings',
    brands: ['Pneumax', 'Airmaster'],
    specs: (r) => ({ pressure: pick(r, [10, 15, 16, 20]), weight: fix(0.1 + r() * 14, 2) }),
    name: (_s, r) =>
      `${pick(r, ['Air Hose Reel', 'PU Air Hose', 'Quick Coupler Set', 'Manifold'])} ${pick(r, [6, 8, 10, 13])} mm`,
    price: (s) => 10 + num(s, 'weight') * 12,
    description: describe('air line part', 'compressed air networks'),
  },
  {
    code: 'AB',
    category: 'abrasives',
    brands: ['Ironclad', 'Kraftline'],
    specs: () => ({}),
    name: (_s, r) =>
      `${pick(r, ['Cut-Off Wheels', 'Flap Discs', 'Grinding Discs', 'Sanding Belts'])} ${pick(r, [115, 125, 230])} mm, ${pick(r, [10, 25, 50])}-Pack`,
    price: () => 2500,
    description: (_s, brand) =>
      `${brand} abrasives for steel and stainless steel, free of iron, sulphur and chlorine.`,
  },
];
