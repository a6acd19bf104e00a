import { Messages, type SetStepSecretBody, STEP_SECRET_PREFIX, type StepSecret, WEBHOOK_ADDON } from '@rakit/core';
import type { FastifyInstance } from 'fastify';
import type { AuditContext } from '../audit/context';
import { withAudit } from '../audit/record';
import { badRequest, notFound } from '../errors/http-errors';
import { prefixedSecret } from '../security/random-ids';
import { deleteStepSecret, putStepSecret, stepSecretsOfWorkflow } from '../store/repositories/step-secrets';
import { findWorkflow, findWorkflowAction } from '../store/repositories/workflows';

/*
 * Send Webhook steps' signing secrets (issue 37), the administrator's side: set (pasted, or made
 * here and answered once), removed, and listed as "set since" only. The step's side is
 * workflows/addons/webhook.ts.
 */

export async function listStepSecrets(app: FastifyInstance, workflowId: number): Promise<StepSecret[]> {
  if ((await findWorkflow(app.store, workflowId)) === undefined) throw notFound(Messages.workflowNotFound);
  return stepSecretsOfWorkflow(app.store, workflowId);
}

/** The Send Webhook action and its application, or why not. */
async function webhookActionOf(app: FastifyInstance, actionId: number) {
  const action = await findWorkflowAction(app.store, actionId);
  if (action === undefined) throw notFound(Messages.workflowActionNotFound);
  if (action.addonName !== WEBHOOK_ADDON) throw badRequest(Messages.stepSecretNotWebhook);
  const workflow = await findWorkflow(app.store, action.actionChainId);
  if (workflow === undefined) throw notFound(Messages.workflowNotFound);
  return { action, appId: workflow.chainAppId };
}

export async function setStepSecret(app: FastifyInstance, audit: AuditContext, body: SetStepSecretBody): Promise<StepSecret & { secret: string | null }> {
  const { action, appId } = await webhookActionOf(app, body.actionId);
  const made = body.secret === undefined ? prefixedSecret(STEP_SECRET_PREFIX) : null;
  const secret = made ?? (body.secret as string);
  const setAt = new Date().toISOString();
  await withAudit(app.store, audit, { entityType: 'workflowAction', entityId: String(action.actionId), summary: { key: 'audit.stepSecretSet', values: { name: action.actionAlias } } },
    (trx) => putStepSecret(trx, { actionId: action.actionId, appId, secretEnc: app.secretBox.seal(secret), setAt }));
  return { actionId: action.actionId, setAt, secret: made };
}

export async function removeStepSecret(app: FastifyInstance, audit: AuditContext, actionId: number): Promise<{ actionId: number }> {
  const { action } = await webhookActionOf(app, actionId);
  await withAudit(app.store, audit, { entityType: 'workflowAction', entityId: String(actionId), summary: { key: 'audit.stepSecretRemoved', values: { name: action.actionAlias } } },
    // Removing a secret already gone leaves the step as asked: without one.
    async (trx) => { await deleteStepSecret(trx, actionId); });
  return { actionId };
}
