import type { Selectable } from 'kysely';
import type { Store } from '../db';
import type { WorkflowStepSecretsTable } from '../schema';
import { isUniqueViolation } from '../unique-violation';

/** Send Webhook steps' signing secrets (issue 37), by action. */

export type StepSecretRow = Selectable<WorkflowStepSecretsTable>;

export const findStepSecret = (db: Store, actionId: number) =>
  db.selectFrom('workflowStepSecrets').selectAll().where('actionId', '=', actionId).executeTakeFirst();

/** Which actions of the workflow have a secret, and since when. */
export const stepSecretsOfWorkflow = (db: Store, workflowId: number) =>
  db.selectFrom('workflowStepSecrets')
    .innerJoin('chainActions', 'chainActions.actionId', 'workflowStepSecrets.actionId')
    .select(['workflowStepSecrets.actionId', 'workflowStepSecrets.setAt'])
    .where('chainActions.actionChainId', '=', workflowId)
    .orderBy('workflowStepSecrets.actionId')
    .execute();

/**
 * Sets the action's secret, replacing the one it had. Two administrators setting one at the same
 * moment: the one whose insert meets the other's row replaces it, so the later one holds.
 */
export async function putStepSecret(db: Store, row: StepSecretRow): Promise<void> {
  const replace = () => db.updateTable('workflowStepSecrets').set({ secretEnc: row.secretEnc, setAt: row.setAt }).where('actionId', '=', row.actionId).executeTakeFirst();
  if (Number((await replace()).numUpdatedRows) > 0) return;
  try {
    await db.insertInto('workflowStepSecrets').values(row).execute();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await replace();
  }
}

export async function deleteStepSecret(db: Store, actionId: number): Promise<number> {
  const result = await db.deleteFrom('workflowStepSecrets').where('actionId', '=', actionId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
