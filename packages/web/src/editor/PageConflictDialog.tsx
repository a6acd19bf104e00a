import { CARD_SETTING, describePageDiff, type PageConflict } from '@rakit/core';
import { type ConflictQuestion, ConflictDialog, shownValue } from '../components/ConflictDialog';
import { editorStore, useEditor } from '../state/editor-store';

const cardLabel = (id: string | null) => (id === null ? 'the page' : `card ${id}`);

/** The question one clash of a page merge asks. */
function question(conflict: PageConflict): ConflictQuestion {
  const { key } = conflict;
  switch (conflict.kind) {
    case 'setting':
      return conflict.setting === CARD_SETTING
        ? { key, title: `${conflict.component.label}: where it sits`, mine: `Yours: in ${cardLabel(conflict.mine as string | null)}`, theirs: `Theirs: in ${cardLabel(conflict.theirs as string | null)}` }
        : { key, title: `${conflict.component.label}: ${conflict.setting}`, mine: `Yours: ${shownValue(conflict.mine)}`, theirs: `Theirs: ${shownValue(conflict.theirs)}` };
    case 'removed':
      return conflict.removedBy === 'mine'
        ? { key, title: `${conflict.component.label}: you removed it, they changed it`, mine: 'Remove it', theirs: 'Keep it, with their changes' }
        : { key, title: `${conflict.component.label}: you changed it, they removed it`, mine: 'Keep it, with your changes', theirs: 'Remove it' };
    case 'order':
      return { key, title: `The order of the components on ${conflict.parent === null ? 'the page' : conflict.parent.label}`, mine: 'Your order', theirs: 'Their order' };
  }
}

/** The editor's clash with another builder's save of the page, until the builder settles it (then the editor saves as usual). */
export function PageConflictDialog() {
  const conflict = useEditor((state) => state.conflict);
  if (conflict === null) return null;
  return (
    <ConflictDialog
      what="this page"
      who={conflict.savedBy}
      theirChanges={describePageDiff(conflict.changes, cardLabel)}
      questions={conflict.conflicts.map(question)}
      onSettle={(settlement) => editorStore.getState().settleConflict(settlement)}
    />
  );
}
