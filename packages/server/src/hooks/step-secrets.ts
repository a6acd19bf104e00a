import { Messages, type SetStepSecretBody, STEP_SECRET_PREFIX, type StepSecret, WEBHOOK_ADDON } from '@rakit/core';
import type { AuditContext } from '../audit/context';
import { withAudit } from '../audit/record';
import { badRequest, notFound } from '../errors/http-errors';
import { prefixedSecret } from '../security/random-ids';
import { deleteStepSecret, putStepSecret, stepSecretsOfWorkflow } from '../store/repositories/step-secrets';
import { findWorkflow, findWorkflowAction } from '../store/repositories/workflows';
import type { Services } from '../services';

/*
 * Send Webhook steps' signing secrets (issue 37), the administrator's side: set (pasted, or made
 * here and answered once), removed, and listed as "set since" only. The step's side is
 * workflows/addons/webhook.ts.
 */

export async function listStepSecrets(services: Services, workflowId: number): Promise<StepSecret[]> {
  if ((await findWorkflow(services.store, workflowId)) === undefined) throw notFound(Messages.workflowNotFound);
  return stepSecretsOfWorkflow(services.store, workflowId);
}

/** The Send Webhook action and its application, or why not. */
async function webhookActionOf(services: Services, actionId: number) {
  const action = await findWorkflowAction(services.store, actionId);
  if (action === undefined) throw notFound(Messages.workflowActionNotFound);
  if (action.addonName !== WEBHOOK_ADDON) throw badRequest(Messages.stepSecretNotWebhook);
  const workflow = await findWorkflow(services.store, action.actionChainId);
  if (workflow === undefined) throw notFound(Messages.workflowNotFound);
  return { action, appId: workflow.chainAppId };
}

export async function setStepSecret(services: Services, audit: AuditContext, body: SetStepSecretBody): Promise<StepSecret & { secret: string | null }> {
  const { action, appId } = await webhookActionOf(services, body.actionId);
  const made = body.secret === undefined ? prefixedSecret(STEP_SECRET_PREFIX) : null;
  const secret = made ?? (body.secret as string);
  const setAt = new Date().toISOString();
  await withAudit(services.store, audit, { entityType: 'workflowAction', entityId: String(action.actionId), summary: { key: 'audit.stepSecretSet', values: { name: action.actionAlias } } },
    (trx) => putStepSecret(trx, { actionId: action.actionId, appId, secretEnc: services.secretBox.seal(secret), setAt }));
  return { actionId: action.actionId, setAt, secret: made };
}

export async function removeStepSecret(services: Services, audit: AuditContext, actionId: number): Promise<{ actionId: number }> {
  const { action } = await webhookActionOf(services, actionId);
  await withAudit(services.store, audit, { entityType: 'workflowAction', entityId: String(actionId), summary: { key: 'audit.stepSecretRemoved', values: { name: action.actionAlias } } },
    // Removing a secret already gone leaves the step as asked: without one.
    async (trx) => { await deleteStepSecret(trx, actionId); });
  return { actionId };
}
