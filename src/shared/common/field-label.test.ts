import { describe, expect, it } from 'vitest';
import { fieldLabel, fieldMessage } from './field-label';

describe('fieldLabel', () => {
  it('counts items from 1 and reads the names as words', () => {
    expect(fieldLabel('lines.2.sku')).toBe('Line 3, SKU');
    expect(fieldLabel('lines.0.quantity')).toBe('Line 1, quantity');
    expect(fieldLabel('shipments.1.lines.0.quantity')).toBe('Shipment 2, line 1, quantity');
    expect(fieldLabel('rates.1.zipPrefix')).toBe('Rate 2, ZIP prefix');
    expect(fieldLabel('allocations.0.invoiceId')).toBe('Allocation 1, invoice');
    expect(fieldLabel('allocations.0.amountCents')).toBe('Allocation 1, amount');
    expect(fieldLabel('rules.0.percentOff')).toBe('Rule 1, percent off');
    expect(fieldLabel('lines.4')).toBe('Line 5');
  });

  it('leaves a plain field name as it is', () => {
    expect(fieldLabel('email')).toBe('email');
    expect(fieldMessage('price', 'must be more than 0')).toBe('price: must be more than 0');
  });
});
