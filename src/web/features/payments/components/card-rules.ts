/** Client-side card checks before asking the test processor (it checks the same and more). */

export const digitsOnly = (value: string) => value.replace(/[\s-]/g, '');

/** The Luhn check digit of a card number (spaces and dashes allowed). */
export function passesLuhn(cardNumber: string): boolean {
  const digits = digitsOnly(cardNumber);
  if (!/^\d{12,19}$/.test(digits)) return false;
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

/** "MM/YY" (or "MMYY") → its month and four-digit year, or null when it is not that shape. */
export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const match = /^(\d{2})\s*\/?\s*(\d{2})$/.exec(expiry.trim());
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

/** A card is valid through the last day of its expiry month. */
export function isExpiryInFuture(expiry: { month: number; year: number }, now = new Date()): boolean {
  return (
    expiry.year > now.getFullYear() ||
    (expiry.year === now.getFullYear() && expiry.month >= now.getMonth() + 1)
  );
}

export const cardMessages = {
  numberInvalid: 'Your card number is invalid.',
  expiryFormat: 'Enter the expiry as MM/YY.',
  expiryPast: "Your card's expiration date is in the past.",
  cvcInvalid: "Your card's security code is incomplete.",
} as const;
