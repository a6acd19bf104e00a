import { type MessageKey, workflowCalls } from '@rakit/core';
import type { ApiAnswer, AppApi } from '../../api/client';
import { notifyInfo } from '../../components/notify';
import { t } from '../../i18n/i18n';
import { saveFlowBody, syncPlan } from './flow-drawing';
import { storedDrawing } from './flow-merge';
import type { WorkflowStore } from './workflow-store';


/** `conflict`: another builder's save clashed with this drawing; the editor asks, nothing more is synced until it is settled. */
export type SyncResult = { ok: true } | { ok: false; message: string } | { ok: false; conflict: true };

/** A sync refused as stale merges with what another stored and tries again this many times. */
const MERGE_ATTEMPTS = 2;

/** The server's first text for a refused write, else the catalog's (read only then: the sync runs outside React). */
const refusal = (answer: ApiAnswer<unknown>, fallback: MessageKey): string => answer.error?.[0] ?? t(fallback);

let running: Promise<SyncResult> = Promise.resolve({ ok: true });

/**
 * Brings the server to the editor's present drawing: actions created (with their new ids put
 * into the whole history), edited and removed, then the flow saved with its trigger and layout.
 * Each write names the revision the drawing was stored at (issue 33): when another builder
 * saved the workflow since, what they stored is merged in (flow-merge) and the sync runs again,
 * or the clash waits for the builder. One sync at a time; a call made while one runs waits for
 * it and then syncs what is left.
 */
export function syncWorkflow(api: AppApi, store: WorkflowStore): Promise<SyncResult> {
  running = running.then(() => syncMerging(api, store), () => syncMerging(api, store));
  return running;
}

async function syncMerging(api: AppApi, store: WorkflowStore): Promise<SyncResult> {
  for (let attempt = 0; ; attempt++) {
    const result = await syncOnce(api, store);
    if (result !== 'stale') return result;
    const { workflowId, history } = store.getState();
    const flow = workflowId === null ? null : await api.call(workflowCalls.getFlow, { params: { id: workflowId } });
    if (flow === null || !flow.status || flow.data === undefined || attempt >= MERGE_ATTEMPTS) {
      return { ok: false, message: t('workflow.sync.staleAgain') };
    }
    const theirs = storedDrawing(flow.data, history.present);
    const outcome = store.getState().storedMovedOn(theirs.drawing, theirs.revisions);
    if (outcome.kind === 'conflict') return { ok: false, conflict: true };
    if (outcome.changes.length > 0) notifyInfo(outcome.changes.map((line) => t(line.key, line.values)).join('; '), t('workflow.sync.merged'));
  }
}

/** One pass of the sync; 'stale' when a write was refused because another builder saved first. */
async function syncOnce(api: AppApi, store: WorkflowStore): Promise<SyncResult | 'stale'> {
  const { workflowId, stored, revisions, conflict } = store.getState();
  if (workflowId === null || stored === null || revisions === null || conflict !== null) return { ok: true };
  const plan = syncPlan(stored, store.getState().history.present);
  if (plan.create.length === 0 && plan.update.length === 0 && plan.remove.length === 0 && !plan.flowChanged) return { ok: true };
  // Creating or removing an action moves the workflow's revision on by one: the flow's save names the sum.
  let workflowRevision = revisions.workflow;
  const actionRevisions: Record<number, number> = { ...revisions.actions };
  const keepRevisions = () => store.getState().setRevisions({ workflow: workflowRevision, actions: { ...actionRevisions } });
  store.getState().setSyncing(true);
  try {
    for (const card of plan.create) {
      const answer = await api.call(workflowCalls.saveWorkflowAction, { body: {
              actionId: null, actionChainId: workflowId, actionAlias: card.alias, actionName: '', addonName: card.addonName, actionScript: '', actionParams: JSON.stringify(card.params),
            } });
      if (!answer.status || answer.data === undefined) return { ok: false, message: refusal(answer, 'workflow.common.actionSaveFailed') };
      workflowRevision += 1;
      actionRevisions[answer.data.actionId] = answer.data.revision;
      keepRevisions();
      store.getState().renameAction(card.actionId, answer.data.actionId);
      const now = store.getState().stored;
      if (now !== null) store.getState().setStored({ ...now, cards: [...now.cards, { ...card, actionId: answer.data.actionId }] });
    }
    for (const card of plan.update) {
      const answer = await api.call(workflowCalls.saveWorkflowAction, { body: {
              actionId: card.actionId, actionChainId: workflowId, actionAlias: card.alias, actionName: '', addonName: card.addonName, actionScript: '',
              actionParams: JSON.stringify(card.params), revision: actionRevisions[card.actionId],
            } });
      if (answer.conflict !== undefined) return 'stale';
      if (!answer.status || answer.data === undefined) return { ok: false, message: refusal(answer, 'workflow.common.actionSaveFailed') };
      actionRevisions[card.actionId] = answer.data.revision;
      keepRevisions();
      const now = store.getState().stored;
      if (now !== null) store.getState().setStored({ ...now, cards: now.cards.map((c) => (c.actionId === card.actionId ? { ...c, alias: card.alias, params: card.params } : c)) });
    }
    for (const actionId of plan.remove) {
      const answer = await api.call(workflowCalls.deleteWorkflowAction, { body: { actionId, revision: actionRevisions[actionId] } });
      if (answer.conflict !== undefined) return 'stale';
      if (!answer.status) return { ok: false, message: refusal(answer, 'workflow.sync.actionRemoveFailed') };
      workflowRevision += 1;
      delete actionRevisions[actionId];
      keepRevisions();
      const now = store.getState().stored;
      if (now !== null) store.getState().setStored({ ...now, cards: now.cards.filter((c) => c.actionId !== actionId) });
    }
    // The present after the new ids, as one value: the flow saved is the one recorded as stored.
    const wanted = store.getState().history.present;
    const answer = await api.call(workflowCalls.saveFlow, { body: { ...saveFlowBody(workflowId, wanted), revision: workflowRevision } });
    if (answer.conflict !== undefined) return 'stale';
    if (!answer.status || answer.data === undefined) {
      // The actions are on the server now, whatever the flow's fate.
      const known = store.getState().stored;
      if (known !== null) store.getState().setStored({ ...known, cards: wanted.cards.map((c) => ({ ...c })) });
      return { ok: false, message: refusal(answer, 'workflow.sync.flowSaveFailed') };
    }
    workflowRevision = answer.data.revision;
    keepRevisions();
    store.getState().setStored(wanted);
    return { ok: true };
  } finally {
    store.getState().setSyncing(false);
  }
}
