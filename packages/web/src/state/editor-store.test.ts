import { type Component, createComponent, type MergeSettlement } from '@rakit/core';
import { describe, expect, it } from 'vitest';
import { HISTORY_LIMIT } from './undo-history';
import { createEditorStore } from './editor-store';

function editorWithPage() {
  let n = 0;
  const store = createEditorStore(() => `c${++n}`);
  store.getState().openPage({ pageId: 7, pageName: 'Formulir', pageSlug: 'formulir' }, [], 1);
  return store;
}
const titles = (store: ReturnType<typeof createEditorStore>) => store.getState().history.present.map((c) => c.title);

describe('editor store', () => {
  it('needs a page before it creates a component', () => {
    const store = createEditorStore(() => 'x');
    expect(store.getState().addComponent('input', 'Input')).toBeNull();
    expect(store.getState().history.present).toEqual([]);
  });

  it('numbers new components, makes each the active one and marks the page unsynced', () => {
    const store = editorWithPage();
    store.getState().addComponent('input', 'Input');
    const id = store.getState().addComponent('input', 'Input');
    expect(titles(store)).toEqual(['Input 1', 'Input 2']);
    expect(store.getState().activeId).toBe(id);
    expect(store.getState().sync).toBe('unsynced');
  });

  it('undoes and redoes add, move, nest and delete', () => {
    const store = editorWithPage();
    const s = () => store.getState();
    s().addComponent('input', 'Input');
    const card = s().addComponent('card', 'Card') as string;
    s().addComponent('text', 'Text');
    s().shiftComponent('c3', -1);
    expect(titles(store)).toEqual(['Input 1', 'Text 1', 'Card 1']);
    s().moveComponent('c1', { parentId: card, index: 0 });
    expect(titles(store)).toEqual(['Text 1', 'Card 1']);
    s().removeComponent('c3');
    expect(titles(store)).toEqual(['Card 1']);
    s().undo();
    s().undo();
    expect(titles(store)).toEqual(['Input 1', 'Text 1', 'Card 1']);
    s().redo();
    expect(s().history.present[1]?.children?.map((c) => c.title)).toEqual(['Input 1']);
    s().addComponent('button', 'Button');
    expect(s().history.future).toEqual([]);
  });

  it('folds rapid typing in one field into one step, but not edits of two fields', () => {
    const store = editorWithPage();
    const s = () => store.getState();
    s().addComponent('input', 'Input');
    const typed = (title: string) => s().updateComponent({ ...(s().history.present[0] as Component), title });
    typed('N');
    typed('Na');
    typed('Nama');
    expect(s().history.past).toHaveLength(2);
    s().updateComponent({ ...(s().history.present[0] as Component), placeholder: 'isi nama' });
    expect(s().history.past).toHaveLength(3);
    s().undo();
    s().undo();
    expect(titles(store)).toEqual(['Input 1']);
  });

  it('keeps a card\'s children when a panel leaves them out', () => {
    const store = editorWithPage();
    const s = () => store.getState();
    const card = s().addComponent('card', 'Card') as string;
    s().addComponent('input', 'Input', { parentId: card, index: 0 });
    const { children: _children, ...withoutChildren } = s().history.present[0] as Component;
    s().updateComponent({ ...withoutChildren, title: 'Biodata' });
    expect(s().history.present[0]?.children).toHaveLength(1);
  });

  it('bounds the history', () => {
    const store = editorWithPage();
    for (let i = 0; i < HISTORY_LIMIT + 20; i++) store.getState().addComponent('input', 'Input');
    expect(store.getState().history.past).toHaveLength(HISTORY_LIMIT);
  });

  it('drops the active component when it is deleted with its card', () => {
    const store = editorWithPage();
    const s = () => store.getState();
    const card = s().addComponent('card', 'Card') as string;
    s().addComponent('input', 'Input', { parentId: card, index: 0 });
    s().removeComponent(card);
    expect(s().activeId).toBeNull();
  });

  it('tracks saving and blocks the dynamic selector meanwhile', () => {
    const store = editorWithPage();
    const s = () => store.getState();
    s().addComponent('input', 'Input');
    expect(s().setSelectorMode('dynamic')).toBe(false);
    const revision = s().saveStarted();
    expect(s().sync).toBe('saving');
    s().addComponent('input', 'Input');
    s().saveSucceeded(7, revision, { revision: 2, components: [] });
    expect(s().sync).toBe('unsynced');
    const second = s().saveStarted();
    s().saveFailed(7, second);
    expect(s().failedRevision).toBe(second);
    expect(s().sync).toBe('unsynced');
    const third = s().saveStarted();
    s().saveSucceeded(7, third, { revision: 3, components: s().history.present });
    expect(s().stored?.revision).toBe(3);
    expect(s().sync).toBe('synced');
    expect(s().setSelectorMode('dynamic')).toBe(true);
    expect(s().selectorMode).toBe('dynamic');
    s().openPage({ pageId: 8, pageName: 'Lain', pageSlug: 'lain' }, [], 1);
    s().saveFailed(7, third);
    expect(s().sync).toBe('synced');
  });

  it('resizes on the grid, one undo step per drag and per run of key presses', () => {
    const store = editorWithPage();
    const s = () => store.getState();
    const widths = () => s().history.present.map((c) => c.width);
    s().addComponent('card', 'Card');
    s().addComponent('chart', 'Chart');
    expect(widths()).toEqual([12, 12]);
    // A drag shows its width without changing the page, then lands as one step.
    s().setResizing({ id: 'c1', width: 4 });
    expect(widths()).toEqual([12, 12]);
    expect(s().resizing).toEqual({ id: 'c1', width: 4 });
    s().setResizing(null);
    s().resizeComponent('c1', 4);
    expect(widths()).toEqual([4, 12]);
    expect(s().sync).toBe('unsynced');
    // Alt+←/→ on the active component: clamped to 1..12, rapid presses fold into one step.
    s().setActive('c2');
    s().resizeActive(-1);
    s().resizeActive(-1);
    s().resizeActive(-1);
    expect(widths()).toEqual([4, 9]);
    const steps = s().history.past.length;
    s().resizeActive(1);
    expect(s().history.past).toHaveLength(steps);
    s().undo();
    expect(widths()).toEqual([4, 12]);
    s().undo();
    expect(widths()).toEqual([12, 12]);
    s().redo();
    expect(widths()).toEqual([4, 12]);
    s().resizeComponent('c1', 40);
    s().resizeComponent('c2', -3);
    expect(widths()).toEqual([12, 1]);
    // The same width again is no step; no active component, no resize.
    const before = s().history.past.length;
    s().resizeComponent('c2', 1);
    s().setActive(null);
    s().resizeActive(1);
    expect(s().history.past).toHaveLength(before);
  });

  it('resizes components inside cards and keeps the layout when they move', () => {
    const store = editorWithPage();
    const s = () => store.getState();
    const card = s().addComponent('card', 'Card') as string;
    const inner = s().addComponent('input', 'Input', { parentId: card, index: 0 }) as string;
    s().resizeComponent(inner, 6);
    expect(s().history.present[0]?.children?.[0]?.width).toBe(6);
    s().moveComponent(inner, { parentId: null, index: 0 });
    expect(s().history.present[0]).toMatchObject({ id: inner, width: 6 });
    s().shiftComponent(inner, 1);
    expect(s().history.present.map((c) => c.id)).toEqual([card, inner]);
  });

  it('starts a new row and takes it back with undo', () => {
    const store = editorWithPage();
    const s = () => store.getState();
    s().addComponent('text', 'Text');
    s().toggleRowBreak('c1');
    expect(s().history.present[0]?.rowBreak).toBe(true);
    s().toggleRowBreak('c1');
    expect(s().history.present[0]?.rowBreak).toBe(false);
    s().undo();
    expect(s().history.present[0]?.rowBreak).toBe(true);
  });

  describe('when another builder saved the page first (issue 33)', () => {
    /** An editor that saved two inputs at revision 2, as both builders loaded them. */
    function savedEditor() {
      const store = editorWithPage();
      const s = () => store.getState();
      s().addComponent('input', 'Input');
      s().addComponent('input', 'Input');
      s().saveSucceeded(7, s().saveStarted(), { revision: 2, components: s().history.present });
      return { store, s, loaded: s().history.present };
    }

    it('merges what only they changed into his page as one undo step, based on their revision', () => {
      const { s, loaded } = savedEditor();
      s().updateComponent({ ...loaded[0]!, title: 'Nama' });
      const theirs = [...loaded, { ...createComponent('button', 'theirs', 'Kirim') }];
      expect(s().storedMovedOn(7, { revision: 3, components: theirs })).toMatchObject({ kind: 'merged' });
      expect(s().history.present.map((c) => c.title)).toEqual(['Nama', 'Input 2', 'Kirim']);
      expect(s().stored).toEqual({ revision: 3, components: theirs });
      expect(s().sync).toBe('unsynced');
      s().undo();
      expect(s().history.present.map((c) => c.title)).toEqual(['Nama', 'Input 2']);
      expect(s().storedMovedOn(8, { revision: 4, components: [] })).toEqual({ kind: 'ignored' });
    });

    it('holds a clash for the builder, and settles it as both, his or theirs', () => {
      const settle = (settlement: MergeSettlement) => {
        const { s, loaded } = savedEditor();
        s().updateComponent({ ...loaded[0]!, title: 'Mine' });
        const theirs = [{ ...loaded[0]!, title: 'Theirs' }, loaded[1]!, createComponent('text', 't', 'Baru')];
        expect(s().storedMovedOn(7, { revision: 5, components: theirs })).toEqual({ kind: 'conflict' });
        expect(s().conflict?.conflicts.map((c) => c.key)).toEqual(['c1:title']);
        expect(s().failedRevision).toBe(s().revision);
        s().settleConflict(settlement);
        expect(s().conflict).toBeNull();
        expect(s().stored?.revision).toBe(5);
        return { titles: s().history.present.map((c) => c.title), sync: s().sync };
      };
      expect(settle({ keep: 'both', choices: {} })).toEqual({ titles: ['Mine', 'Input 2', 'Baru'], sync: 'unsynced' });
      expect(settle({ keep: 'both', choices: { 'c1:title': 'theirs' } })).toEqual({ titles: ['Theirs', 'Input 2', 'Baru'], sync: 'unsynced' });
      expect(settle({ keep: 'mine' })).toEqual({ titles: ['Mine', 'Input 2'], sync: 'unsynced' });
      expect(settle({ keep: 'theirs' })).toEqual({ titles: ['Theirs', 'Input 2', 'Baru'], sync: 'synced' });
    });
  });
});

describe('editor store on the page\'s shared document', () => {
  it('sends edits, undo and redo there once joined, redraws others\' edits without an undo step, and saves by calls again when it ends', () => {
    const store = editorWithPage();
    store.getState().liveConnecting();
    expect(store.getState().live?.status).toBe('connecting');
    const written: string[][] = [];
    const steps: string[] = [];
    store.getState().liveJoined([createComponent('input', 'nama', 'Nama')], {
      write: (next) => written.push(next.map((c) => c.title)),
      undo: () => steps.push('undo'),
      redo: () => steps.push('redo'),
    }, true);
    expect(store.getState().sync).toBe('synced');
    expect(store.getState().live).toMatchObject({ status: 'live', saved: true });
    store.getState().addComponent('text', 'Text');
    expect(written).toHaveLength(1);
    expect(store.getState().sync).toBe('unsynced');
    store.getState().liveStored(true);
    expect(store.getState().sync).toBe('synced');
    store.getState().undo();
    store.getState().redo();
    expect(steps).toEqual(['undo', 'redo']);

    // Another builder removed the component this one had selected: the selection goes, the objects of the others stay.
    const [first, added] = store.getState().history.present;
    store.getState().setActive(added!.id);
    store.getState().liveChanged([{ ...first! }]);
    expect(store.getState().history.present[0]).toBe(first);
    expect(store.getState().activeId).toBeNull();
    expect(store.getState().history.past).toHaveLength(0);

    store.getState().liveEnded();
    expect(store.getState().live).toBeNull();
    store.getState().addComponent('text', 'Text');
    expect(store.getState().history.past).toHaveLength(1);
  });
});
