import { describe, expect, it } from 'vitest';
import { enterAgain, keepableFields, takeEntryFor } from './enter-again';
import type { QueuedWrite } from './write-queue';

const write = (form?: QueuedWrite['form']): QueuedWrite => ({
  key: 'k1', appSlug: 'demo', userId: 'member', pageId: 7, componentId: 'save', label: 'Simpan', queuedAt: 0, params: {}, steps: [], ...(form === undefined ? {} : { form }),
});

describe('a refused entry entered again in its form', () => {
  it('keeps the plain values of a form, never a file or a date object', () => {
    const file = new Blob(['x']);
    expect(keepableFields({ code: 'A-1', qty: 3, ok: true, none: null, tags: ['a', 'b'], address: { city: 'Kupang' }, photo: file, when: new Date(0), bad: Number.NaN }))
      .toEqual({ code: 'A-1', qty: 3, ok: true, none: null, tags: ['a', 'b'], address: { city: 'Kupang' } });
    expect(keepableFields({ list: [1, file] })).toEqual({});
  });

  it('hands the entry to its own page once, and says where it is', () => {
    expect(enterAgain(write())).toBeNull();
    expect(takeEntryFor(7)).toBeNull();
    expect(enterAgain(write({ path: '/demo/staff/receipts', fields: { code: 'A-1' } }))).toBe('/demo/staff/receipts');
    expect(takeEntryFor(8)).toBeNull();
    expect(takeEntryFor(7)).toEqual({ code: 'A-1' });
    expect(takeEntryFor(7)).toBeNull();
  });
});
