import { describe, expect, it } from 'vitest';
import { checkFieldValues } from './field-values';

describe('a webhook\'s input schema', () => {
  const fields = [
    { name: 'order', type: 'text', required: true }, { name: 'amount', type: 'number', required: true },
    { name: 'paid', type: 'boolean', required: false }, { name: 'items', type: 'list', required: false }, { name: 'buyer', type: 'object', required: false },
  ] as const;

  it('takes a body that fits, reading a form\'s numbers and yes/no from their text, and passes other fields', () => {
    expect(checkFieldValues(fields, { order: 'INV-7', amount: '150000', paid: 'true', note: 'x' }))
      .toEqual({ input: { order: 'INV-7', amount: 150_000, paid: true, note: 'x' } });
    expect(checkFieldValues(fields, { order: 7, amount: 1.5, items: [1], buyer: { name: 'Siti' } }))
      .toEqual({ input: { order: '7', amount: 1.5, items: [1], buyer: { name: 'Siti' } } });
    expect(checkFieldValues([], { anything: [1] })).toEqual({ input: { anything: [1] } });
  });

  it('names every field that breaks it', () => {
    expect(checkFieldValues(fields, { amount: 'lots', paid: 'yes', items: {}, buyer: [] }))
      .toEqual({ problems: ['order (required)', 'amount (number)', 'paid (boolean)', 'items (list)', 'buyer (object)'] });
    expect(checkFieldValues(fields, { order: 'INV-7', amount: null })).toEqual({ problems: ['amount (required)'] });
  });
});
