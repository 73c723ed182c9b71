import { z } from 'zod';
import { isUsStateCode as isUsState, type UsStateCode as UsState } from './us-states';

/**
 * USPS 3-digit ZIP prefixes by state (first–last, inclusive): enough to tell that a ZIP belongs to the state given,
 * and to find the state of a ZIP alone (the cart's estimate). Territories and military prefixes are not listed: the
 * shop ships to the 50 states and DC.
 */
const ZIP3: [number, number, UsState][] = [
  [5, 5, 'NY'],
  [10, 27, 'MA'],
  [28, 29, 'RI'],
  [30, 38, 'NH'],
  [39, 49, 'ME'],
  [50, 54, 'VT'],
  [55, 55, 'MA'],
  [56, 59, 'VT'],
  [60, 69, 'CT'],
  [70, 89, 'NJ'],
  [100, 149, 'NY'],
  [150, 196, 'PA'],
  [197, 199, 'DE'],
  [200, 200, 'DC'],
  [201, 201, 'VA'],
  [202, 205, 'DC'],
  [206, 219, 'MD'],
  [220, 246, 'VA'],
  [247, 268, 'WV'],
  [270, 289, 'NC'],
  [290, 299, 'SC'],
  [300, 319, 'GA'],
  [320, 349, 'FL'],
  [350, 369, 'AL'],
  [370, 385, 'TN'],
  [386, 397, 'MS'],
  [398, 399, 'GA'],
  [400, 427, 'KY'],
  [430, 459, 'OH'],
  [460, 479, 'IN'],
  [480, 499, 'MI'],
  [500, 528, 'IA'],
  [530, 549, 'WI'],
  [550, 567, 'MN'],
  [569, 569, 'DC'],
  [570, 577, 'SD'],
  [580, 588, 'ND'],
  [590, 599, 'MT'],
  [600, 629, 'IL'],
  [630, 658, 'MO'],
  [660, 679, 'KS'],
  [680, 693, 'NE'],
  [700, 714, 'LA'],
  [716, 729, 'AR'],
  [730, 732, 'OK'],
  [733, 733, 'TX'],
  [734, 749, 'OK'],
  [750, 799, 'TX'],
  [800, 816, 'CO'],
  [820, 831, 'WY'],
  [832, 838, 'ID'],
  [840, 847, 'UT'],
  [850, 865, 'AZ'],
  [870, 884, 'NM'],
  [885, 885, 'TX'],
  [889, 898, 'NV'],
  [900, 961, 'CA'],
  [967, 968, 'HI'],
  [970, 979, 'OR'],
  [980, 994, 'WA'],
  [995, 999, 'AK'],
];

/** The state a 5-digit ZIP belongs to, or undefined when it is none of the 50 states' and DC's. */
export function stateOfZip(zip: string): UsState | undefined {
  if (!/^\d{5}/.test(zip)) return undefined;
  const p = Number(zip.slice(0, 3));
  return ZIP3.find(([a, b]) => p >= a && p <= b)?.[2];
}

export const addressMessages = {
  state: 'must be a US state code such as TX',
  zip: 'must be a 5-digit ZIP code',
  zipOfState: (state: string) => `is not a ZIP code of ${state}`,
} as const;

const line = (max: number) =>
  z
    .string({ error: 'is required' })
    .trim()
    .min(1, { error: 'is required' })
    .max(max, { error: `must be at most ${max} characters` });

export const usStateSchema = z
  .string({ error: addressMessages.state })
  .trim()
  .toUpperCase()
  .refine(isUsState, { error: addressMessages.state });

export const zipSchema = z
  .string({ error: addressMessages.zip })
  .trim()
  .regex(/^\d{5}(-\d{4})?$/, { error: addressMessages.zip })
  .transform((z5) => z5.slice(0, 5));

/** A US delivery address, validated enough to find its state and ZIP (the ZIP must be the state's). */
export const usAddressSchema = z
  .object({ street: line(200), city: line(100), state: usStateSchema, zip: zipSchema })
  .superRefine((a, ctx) => {
    if (stateOfZip(a.zip) !== a.state)
      ctx.addIssue({ code: 'custom', path: ['zip'], message: addressMessages.zipOfState(a.state) });
  });
export type UsAddress = z.output<typeof usAddressSchema>;

/** One line, as the spec's free-text address field and the mails write it. */
export const formatUsAddress = (a: Pick<UsAddress, 'street' | 'city' | 'zip'> & { state: string }) =>
  `${a.street}, ${a.city}, ${a.state} ${a.zip}`;

/**
 * The state and ZIP of a free-text address ("… Dallas, TX 75201"), when it holds a state code followed by a ZIP of
 * that state; the last such pair wins (street numbers come first).
 */
export function destinationOfText(text: string): { state: UsState; zip: string } | undefined {
  let found: { state: UsState; zip: string } | undefined;
  for (const m of text.toUpperCase().matchAll(/\b([A-Z]{2})\.?,?\s+(\d{5})(?:-\d{4})?\b/g)) {
    const state = m[1]!;
    const zip = m[2]!;
    if (isUsState(state) && stateOfZip(zip) === state) found = { state, zip };
  }
  return found;
}

/**
 * The whole address a one-line text spells as "street, city, ST ZIP" (the order form's spec field, which
 * `formatUsAddress` writes): street and city come from the commas or lines before the state. Undefined when the
 * text does not read that way, so the server is given no structured address it would have to guess.
 */
export function usAddressOfText(text: string): UsAddress | undefined {
  const m = /^(.+?)[,\n]\s*([^,\n]+?)[,\s]\s*([A-Za-z]{2})\.?,?\s+(\d{5}(?:-\d{4})?)\s*$/s.exec(text.trim());
  if (!m) return undefined;
  const street = m[1]!.replace(/\s*\n\s*/g, ', ');
  const parsed = usAddressSchema.safeParse({ street, city: m[2], state: m[3], zip: m[4] });
  return parsed.success ? parsed.data : undefined;
}
