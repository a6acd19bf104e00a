import { firstError } from '../../api/client';
import type { AppApi } from '../../api/client';
import { saveFlowBody, syncPlan } from './flow-drawing';
import type { WorkflowStore } from './workflow-store';

type SyncApi = Pick<AppApi, 'saveWorkflowAction' | 'deleteWorkflowAction' | 'saveFlow'>;

export type SyncResult = { ok: true } | { ok: false; message: string };

let running: Promise<SyncResult> = Promise.resolve({ ok: true });

/**
 * Brings the server to the editor's present drawing: actions created (with their new ids put
 * into the whole history), edited and removed, then the flow saved with its trigger and layout.
 * One sync at a time; a call made while one runs waits for it and then syncs what is left.
 */
export function syncWorkflow(api: SyncApi, store: WorkflowStore): Promise<SyncResult> {
  running = running.then(() => syncOnce(api, store), () => syncOnce(api, store));
  return running;
}

async function syncOnce(api: SyncApi, store: WorkflowStore): Promise<SyncResult> {
  const { workflowId, stored } = store.getState();
  if (workflowId === null || stored === null) return { ok: true };
  const plan = syncPlan(stored, store.getState().history.present);
  if (plan.create.length === 0 && plan.update.length === 0 && plan.remove.length === 0 && !plan.flowChanged) return { ok: true };
  store.getState().setSyncing(true);
  try {
    for (const card of plan.create) {
      const answer = await api.saveWorkflowAction({
        actionId: null, actionChainId: workflowId, actionAlias: card.alias, actionName: '', addonName: card.addonName, actionScript: '', actionParams: JSON.stringify(card.params),
      });
      if (!answer.status || answer.data === undefined) return { ok: false, message: firstError(answer, 'The action could not be saved') };
      store.getState().renameAction(card.actionId, answer.data.actionId);
      const now = store.getState().stored;
      if (now !== null) store.getState().setStored({ ...now, cards: [...now.cards, { ...card, actionId: answer.data.actionId }] });
    }
    for (const card of plan.update) {
      const answer = await api.saveWorkflowAction({
        actionId: card.actionId, actionChainId: workflowId, actionAlias: card.alias, actionName: '', addonName: card.addonName, actionScript: '', actionParams: JSON.stringify(card.params),
      });
      if (!answer.status) return { ok: false, message: firstError(answer, 'The action could not be saved') };
    }
    for (const actionId of plan.remove) {
      const answer = await api.deleteWorkflowAction(actionId);
      if (!answer.status) return { ok: false, message: firstError(answer, 'The action could not be removed') };
    }
    // The present after the new ids, as one value: the flow saved is the one recorded as stored.
    const wanted = store.getState().history.present;
    const answer = await api.saveFlow(saveFlowBody(workflowId, wanted));
    if (!answer.status) {
      // The actions are on the server now, whatever the flow's fate.
      const known = store.getState().stored;
      if (known !== null) store.getState().setStored({ ...known, cards: wanted.cards.map((c) => ({ ...c })) });
      return { ok: false, message: firstError(answer, 'The flow could not be saved') };
    }
    store.getState().setStored(wanted);
    return { ok: true };
  } finally {
    store.getState().setSyncing(false);
  }
}
