import type { Kysely } from 'kysely';

// Frozen once shipped.
// A run's and a step's failure as pieces (issue 35): JSON of core's TextParts, literal texts and
// catalog keys with their values, so each reader gets it in his language. `error` keeps the
// specification's wording; a run recorded before has only that (null here).

type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('workflow_runs').addColumn('error_text', 'text').execute();
  await db.schema.alterTable('workflow_step_runs').addColumn('error_text', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('workflow_step_runs').dropColumn('error_text').execute();
  await db.schema.alterTable('workflow_runs').dropColumn('error_text').execute();
}
