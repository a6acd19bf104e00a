import { describe, expect, it } from 'vitest';
import { fillText, firstValue, queryActionsOf } from './query-variables';

describe("a text's query variables", () => {
  it('take the first value of the first row', () => {
    expect(firstValue([{ jumlah: 10, other: 2 }, { jumlah: 11 }])).toBe(10);
    expect(firstValue([])).toBeUndefined();
  });

  it('fill {{name}} in place of a global variable of that name; --userId-- and other globals still fill', () => {
    const placeholders = { userId: 'siti', globals: { jumlah: 'global', kota: 'Bandung' } };
    expect(fillText('{{jumlah}} for --userId-- in {{kota}}, {{unset}}.', placeholders, { jumlah: 10 })).toBe('10 for siti in Bandung, .');
    expect(fillText('{{jumlah}}', placeholders, {})).toBe('global');
  });

  it('are the QUERY actions only', () => {
    const actions = [
      { name: 'a', action: 'QUERY', cause: '', show: false },
      { name: 'b', action: 'REDIRECT', cause: '', show: true },
    ] as const;
    expect(queryActionsOf(actions).map((a) => a.name)).toEqual(['a']);
  });
});
