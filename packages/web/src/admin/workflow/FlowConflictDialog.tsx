import { type ConflictQuestion, ConflictDialog, shownValue } from '../../components/ConflictDialog';
import { type Translate, useT } from '../../i18n/LanguageProvider';
import type { DrawingConflict, TriggerCard } from './flow-merge';
import { useWorkflowEditor, workflowStore } from './workflow-store';

/** A side's trigger card: its alias, a card known by its id only, or none. */
function triggerCardText(t: Translate, card: TriggerCard): string {
  if (card === null) return t('workflow.conflict.noTriggerCard');
  return typeof card === 'number' ? t('workflow.conflict.cardNumber', { id: card }) : card;
}

/** The question one clash of a workflow merge asks. */
function question(t: Translate, conflict: DrawingConflict): ConflictQuestion {
  const { key } = conflict;
  switch (conflict.kind) {
    case 'card':
      return {
        key, title: t(conflict.field === 'alias' ? 'workflow.conflict.itsName' : 'workflow.conflict.itsSettings', { alias: conflict.alias }),
        mine: t('workflow.conflict.yours', { value: shownValue(conflict.mine) }), theirs: t('workflow.conflict.theirs', { value: shownValue(conflict.theirs) }),
      };
    case 'removed':
      return conflict.removedBy === 'mine'
        ? { key, title: t('workflow.conflict.youRemoved', { alias: conflict.alias }), mine: t('workflow.conflict.removeIt'), theirs: t('workflow.conflict.keepTheirs') }
        : { key, title: t('workflow.conflict.theyRemoved', { alias: conflict.alias }), mine: t('workflow.conflict.keepYours'), theirs: t('workflow.conflict.removeIt') };
    case 'trigger':
      return {
        key, title: t('workflow.conflict.triggerCard'),
        mine: t('workflow.conflict.yours', { value: triggerCardText(t, conflict.mine) }), theirs: t('workflow.conflict.theirs', { value: triggerCardText(t, conflict.theirs) }),
      };
  }
}

/** The workflow editor's clash with another builder's save, until the builder settles it (then it syncs as usual). */
export function FlowConflictDialog() {
  const t = useT();
  const conflict = useWorkflowEditor((state) => state.conflict);
  if (conflict === null) return null;
  return (
    <ConflictDialog
      what={t('workflow.common.thisWorkflow')}
      theirChanges={conflict.changes.map((line) => t(line.key, line.values))}
      questions={conflict.conflicts.map((each) => question(t, each))}
      onSettle={(settlement) => workflowStore.getState().settleConflict(settlement)}
    />
  );
}
