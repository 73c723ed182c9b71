/**
 * Card rules of the built-in test-mode processor. The server enforces them; the web card form runs the same code
 * first so that it never accepts what the processor refuses, nor refuses what it accepts.
 */

export const cardMessages = {
  numberInvalid: 'Your card number is invalid.',
  expiryInvalid: "Your card's expiration date is invalid. Enter it as MM/YY.",
  expiryPast: "Your card's expiration date is in the past.",
  cvcInvalid: "Your card's security code is invalid.",
} as const;

export type CardField = 'cardNumber' | 'expiry' | 'cvc';

/** People type card numbers in groups; spaces and dashes carry no meaning. */
export const cardDigits = (cardNumber: string) => cardNumber.replace(/[\s-]/g, '');

/** The Luhn check digit over a string of digits. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** 12 to 19 digits (spaces and dashes allowed) whose check digit is right. */
export const isValidCardNumber = (cardNumber: string) => {
  const digits = cardDigits(cardNumber);
  return /^\d{12,19}$/.test(digits) && luhnValid(digits);
};

export interface CardExpiry {
  month: number;
  /** Four digits. */
  year: number;
}

/** "MM/YY", "MM/YYYY" or "MMYY" (spaces around the slash allowed) → month and year; null for anything else. */
export function parseExpiry(expiry: string): CardExpiry | null {
  const match = /^(\d{2})\s*(?:\/\s*)?(\d{2}|\d{4})$/.exec(expiry.trim());
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return { month, year };
}

/** The form the processor is sent: "MM/YY". */
export const formatExpiry = ({ month, year }: CardExpiry) =>
  `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;

/**
 * The first instant the card is no longer valid. A card is valid through the last day of its expiry month, and
 * that day is judged where it ends last (UTC−12, "anywhere on Earth"): browser and server then compare the same
 * instant whatever their time zones, and no customer has a card refused while it is still their expiry month.
 */
export const expiryEnd = ({ month, year }: CardExpiry) => new Date(Date.UTC(year, month, 1, 12));

export const isExpired = (expiry: CardExpiry, now = new Date()) => now >= expiryEnd(expiry);

export const cardNumberProblem = (cardNumber: string) =>
  isValidCardNumber(cardNumber) ? null : cardMessages.numberInvalid;

export function expiryProblem(expiry: string, now = new Date()) {
  const parsed = parseExpiry(expiry);
  if (!parsed) return cardMessages.expiryInvalid;
  return isExpired(parsed, now) ? cardMessages.expiryPast : null;
}

export const cvcProblem = (cvc: string) => (/^\d{3,4}$/.test(cvc.trim()) ? null : cardMessages.cvcInvalid);

/** The first thing wrong with a card, field by field in the order the form shows them; null when it is well formed. */
export function cardProblem(
  card: { cardNumber: string; expiry: string; cvc: string },
  now = new Date(),
): { field: CardField; message: string } | null {
  const checks: [CardField, string | null][] = [
    ['cardNumber', cardNumberProblem(card.cardNumber)],
    ['expiry', expiryProblem(card.expiry, now)],
    ['cvc', cvcProblem(card.cvc)],
  ];
  const found = checks.find(([, message]) => message !== null);
  return found ? { field: found[0], message: found[1]! } : null;
}
