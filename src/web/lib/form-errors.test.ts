import { describe, expect, it } from 'vitest';
import { textAbout } from './form-errors';

describe('textAbout', () => {
  it("finds a list item's problem as the API words it for a person, by the field it names", () => {
    const message = 'Line 1, quantity: must be at least 1; Line 2, unit price: must be at most 1000000';
    expect(textAbout(message, 'lines.1.unitPrice')).toBe('Must be at most 1000000');
    expect(textAbout(message, 'lines.0.quantity')).toBe('Must be at least 1');
  });

  it('finds a plain field, and falls back to the whole message', () => {
    expect(textAbout('price: must be more than 0', 'price')).toBe('Must be more than 0');
    expect(textAbout('Something else', 'price')).toBe('Something else');
  });
});
