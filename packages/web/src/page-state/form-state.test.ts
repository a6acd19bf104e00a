import { createComponent } from '@rakit/core';
import { describe, expect, it } from 'vitest';
import { createPageFormStore } from './form-state';

describe('a page\'s form given an entry again (a refused offline write\'s Fix)', () => {
  it('fills the fields the page still has, and only those that hold a value', () => {
    const store = createPageFormStore([createComponent('input', 'code', 'Kode'), createComponent('text', 'title', 'Judul')], {}, 7);
    store.getState().enterAgain({ code: 'A-1', title: 'not a field', gone: 'removed since' });
    expect(store.getState().values).toEqual({ code: 'A-1' });
    expect(store.getState().dirty).toEqual({ code: true });
  });
});
