import { describe, expect, it } from 'vitest';
import { destinationOfText, formatUsAddress, usAddressOfText } from './us-address';

describe('usAddressOfText', () => {
  it('reads back what formatUsAddress writes', () => {
    const a = { street: '100 Main St', city: 'Dallas', state: 'TX', zip: '75201' } as const;
    expect(usAddressOfText(formatUsAddress(a))).toEqual(a);
  });

  it('takes lines as well as commas, a lower-case state and a ZIP+4, and keeps a street of several parts', () => {
    expect(usAddressOfText('Unit 4, 100 Main St\nDallas tx 75201-1234')).toEqual({
      street: 'Unit 4, 100 Main St',
      city: 'Dallas',
      state: 'TX',
      zip: '75201',
    });
  });

  it('gives nothing for a text without street, city, a state and its ZIP', () => {
    expect(usAddressOfText('Dallas, TX 75201')).toBeUndefined();
    expect(usAddressOfText('100 Main St, Dallas')).toBeUndefined();
    expect(usAddressOfText('100 Main St, Dallas, TX 10001')).toBeUndefined(); // a New York ZIP
    expect(usAddressOfText('100 Main St, Dallas, ZZ 75201')).toBeUndefined();
    expect(usAddressOfText('')).toBeUndefined();
  });

  it('agrees with destinationOfText on the state and ZIP', () => {
    const text = '5 Harbor Rd, Portland, OR 97201';
    expect(destinationOfText(text)).toEqual({ state: 'OR', zip: '97201' });
    expect(usAddressOfText(text)).toMatchObject({ state: 'OR', zip: '97201' });
  });
});
