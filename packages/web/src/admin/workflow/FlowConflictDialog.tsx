import { type ConflictQuestion, ConflictDialog, shownValue } from '../../components/ConflictDialog';
import type { DrawingConflict } from './flow-merge';
import { useWorkflowEditor, workflowStore } from './workflow-store';

/** The question one clash of a workflow merge asks. */
function question(conflict: DrawingConflict): ConflictQuestion {
  const { key } = conflict;
  switch (conflict.kind) {
    case 'card':
      return {
        key, title: `${conflict.alias}: ${conflict.field === 'alias' ? 'its name' : 'its settings'}`,
        mine: `Yours: ${shownValue(conflict.mine)}`, theirs: `Theirs: ${shownValue(conflict.theirs)}`,
      };
    case 'removed':
      return conflict.removedBy === 'mine'
        ? { key, title: `${conflict.alias}: you removed it, they changed it`, mine: 'Remove it', theirs: 'Keep it, with their changes' }
        : { key, title: `${conflict.alias}: you changed it, they removed it`, mine: 'Keep it, with your changes', theirs: 'Remove it' };
    case 'trigger':
      return { key, title: 'The card attached as the trigger', mine: `Yours: ${conflict.mine}`, theirs: `Theirs: ${conflict.theirs}` };
  }
}

/** The workflow editor's clash with another builder's save, until the builder settles it (then it syncs as usual). */
export function FlowConflictDialog() {
  const conflict = useWorkflowEditor((state) => state.conflict);
  if (conflict === null) return null;
  return (
    <ConflictDialog
      what="this workflow"
      theirChanges={conflict.changes}
      questions={conflict.conflicts.map(question)}
      onSettle={(settlement) => workflowStore.getState().settleConflict(settlement)}
    />
  );
}
