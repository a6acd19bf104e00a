import { Messages, type SaveWorkflowBody, type Workflow } from '@rakit/core';
import type { Principal } from '../auth/principal';
import { notFound } from '../errors/http-errors';
import { withAudit } from '../audit/record';
import type { Store } from '../store/db';
import { findAppById } from '../store/repositories/apps';
import { findTrigger } from '../store/repositories/triggers';
import { claimRevision, takeRevision } from '../store/revisions';
import { followWorkflowDocument } from './flow-document';
import {
  deleteWorkflowCascade, findWorkflow, findWorkflowAction, insertWorkflow, listWorkflowsOfApp, updateWorkflowOfApp,
} from '../store/repositories/workflows';
import type { Services } from '../services';
import { numericId, type OwnerLookups } from '../security/call-owners';

type WorkflowRow = NonNullable<Awaited<ReturnType<typeof findWorkflow>>>;

/** The stored chainTrigger is the trigger's id as text ('' for none). */
const triggerIdOf = (text: string): number | null => (/^[1-9][0-9]*$/.test(text) ? Number(text) : null);
const idOrNull = (id: number): number | null => (id > 0 ? id : null);

export const toWorkflow = (row: WorkflowRow): Workflow => ({
  chainId: row.chainId, chainAppId: row.chainAppId, chainName: row.chainName,
  chainTrigger: triggerIdOf(row.chainTrigger), triggerActionId: idOrNull(row.chainTriggerActionId), revision: row.revision,
});

/** The workflow as listWorkflow answers it now: what a stale rename is shown (undefined when it is gone). */
const storedWorkflow = (chainId: number) => async (store: Store): Promise<Workflow | undefined> => {
  const row = await findWorkflow(store, chainId);
  return row === undefined ? undefined : toWorkflow(row);
};

/**
 * Bumps the workflow's revision in a write that changes its flow some other way (an action added
 * or removed, issue 33), so that an editor which loaded the flow before it reloads instead of
 * saving over it; the workflow gone is not found.
 */
export async function touchWorkflow(trx: Store, chainId: number): Promise<void> {
  if (await takeRevision(trx, 'chains', chainId, undefined) === undefined) throw notFound(Messages.workflowNotFound);
}

/** The workflows of an application. */
export const workflowsOfApp = async (services: Services, appId: number): Promise<Workflow[]> =>
  (await listWorkflowsOfApp(services.store, appId)).map(toWorkflow);

/**
 * Creates (chainId null) or renames a workflow of the application the body names (its
 * administrators, checked by the contract). Another application's workflow or trigger is not
 * found here, and nothing changes. A rename naming a revision is made only while the workflow is
 * still at it (issue 33).
 */
export async function saveWorkflow(services: Services, caller: Principal, body: SaveWorkflowBody): Promise<{ chainId: number; revision: number; created: boolean }> {
  caller.assertAppAdmin(body.chainAppId);
  if ((await findAppById(services.store, body.chainAppId)) === undefined) throw notFound(Messages.appNotFound);
  if (body.chainTrigger !== null) {
    const trigger = await findTrigger(services.store, body.chainTrigger);
    if (trigger === undefined || trigger.triggerAppId !== body.chainAppId) throw notFound(Messages.triggerNotFound);
  }
  const values = { chainName: body.chainName, chainTrigger: body.chainTrigger === null ? '' : String(body.chainTrigger) };
  if (body.chainId === null) {
    const chainId = await withAudit(services.store, caller.audit, (id: number) => ({ appId: body.chainAppId, entityType: 'workflow', entityId: id, summary: { key: 'audit.workflowAdded', values: { workflow: body.chainName } } }),
      (trx) => insertWorkflow(trx, { chainAppId: body.chainAppId, ...values }));
    return { chainId, revision: 1, created: true };
  }
  const chainId = body.chainId;
  const revision = await withAudit(services.store, caller.audit, { appId: body.chainAppId, entityType: 'workflow', entityId: chainId, summary: { key: 'audit.workflowChanged', values: { workflow: body.chainName } } }, async (trx) => {
    // Found in the application first: another application's workflow is not found, never shown in a 409.
    if (!(await updateWorkflowOfApp(trx, chainId, body.chainAppId, values))) throw notFound(Messages.workflowNotFound);
    const claimed = await claimRevision(trx, 'chains', chainId, body.revision, storedWorkflow(chainId));
    // Its drawing is as it was: the live document's state only follows the revision.
    await followWorkflowDocument(trx, chainId);
    return claimed;
  });
  return { chainId, revision, created: false };
}

/** Removes a workflow of an application its caller administers, with its actions, flow and versions, in one transaction. */
export async function deleteWorkflow(services: Services, caller: Principal, chainId: number): Promise<void> {
  const workflow = await findWorkflow(services.store, chainId);
  if (workflow === undefined) throw notFound(Messages.workflowNotFound);
  caller.assertAppAdmin(workflow.chainAppId);
  await withAudit(services.store, caller.audit, { appId: workflow.chainAppId, entityType: 'workflow', entityId: chainId, summary: { key: 'audit.workflowDeleted', values: { workflow: workflow.chainName } } }, (trx) => deleteWorkflowCascade(trx, chainId));
  // Its document's state went with it (ON DELETE CASCADE); the builders editing it are disconnected.
  services.workflowDocuments.workflowDeleted(chainId);
}

/** How the entities of this area lead to their application (the access check's lookups, http/call-access.ts). */
export const workflowOwners: OwnerLookups = {
  workflow: { find: async (services, id) => (await findWorkflow(services.store, numericId(id)))?.chainAppId, missing: Messages.workflowNotFound },
  workflowAction: {
    find: async (services, id) => {
      const action = await findWorkflowAction(services.store, numericId(id));
      return action === undefined ? undefined : (await findWorkflow(services.store, action.actionChainId))?.chainAppId;
    },
    missing: Messages.workflowActionNotFound,
  },
};
