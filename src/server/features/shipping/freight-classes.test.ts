import { describe, expect, it } from 'vitest';
import { freightClasses } from '@shared/catalogue/product-shipping';
import { FREIGHT_CLASSES } from './shipping.rates';

describe('freight classes', () => {
  it('the product form’s and the API’s list is the rates’ own (and the database check’s)', () => {
    expect([...freightClasses]).toEqual([...FREIGHT_CLASSES]);
  });
});
