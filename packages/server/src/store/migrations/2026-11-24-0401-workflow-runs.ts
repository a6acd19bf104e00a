import { type Kysely, sql } from 'kysely';
import { engineOf } from '../dialect';

// Frozen once shipped.
// The workflow engine's rows (issue 12): a run of a published version and one row per step of
// it, written after every step: they are the source of truth a worker resumes from, and for the
// embedded queue they are the jobs themselves (status 'queued', or 'running' under a lease that
// a stalled worker lets expire). An edge out of a Condition names its branch, and an action
// keeps where its card sits on the editor's canvas.

type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  const engine = engineOf(db);
  const longText = engine === 'mysql' ? sql`longtext` : sql`text`;
  await db.schema.alterTable('flow_edges').addColumn('branch', 'varchar(10)').execute();
  await db.schema.alterTable('chain_actions').addColumn('card_x', 'double precision').execute();
  await db.schema.alterTable('chain_actions').addColumn('card_y', 'double precision').execute();

  const runs = engine === 'postgres'
    ? db.schema.createTable('workflow_runs').addColumn('run_id', 'serial', (c) => c.primaryKey())
    : db.schema.createTable('workflow_runs').addColumn('run_id', 'integer', (c) => c.primaryKey().autoIncrement());
  await runs
    .addColumn('workflow_id', 'integer', (c) => c.notNull())
    .addColumn('app_id', 'integer', (c) => c.notNull())
    .addColumn('version_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('input', longText, (c) => c.notNull())
    .addColumn('started_by_kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('started_by_user', 'varchar(100)')
    .addColumn('trigger_id', 'integer')
    .addColumn('trigger_run_id', 'integer')
    .addColumn('start_action_id', 'integer')
    .addColumn('run_key', 'varchar(40)', (c) => c.notNull())
    .addColumn('rerun_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('started_at', 'varchar(30)')
    .addColumn('finished_at', 'varchar(30)')
    .addColumn('error', 'text')
    .addColumn('lease_owner', 'varchar(100)')
    .addColumn('lease_expires_at', 'bigint')
    .execute();
  await db.schema.createIndex('workflow_runs_workflow_idx').on('workflow_runs').columns(['workflow_id', 'run_id']).execute();
  await db.schema.createIndex('workflow_runs_claim_idx').on('workflow_runs').columns(['status', 'lease_expires_at']).execute();
  await db.schema.createIndex('workflow_runs_trigger_run_idx').on('workflow_runs').column('trigger_run_id').execute();
  await db.schema.createIndex('workflow_runs_app_idx').on('workflow_runs').column('app_id').execute();
  await db.schema.createIndex('workflow_runs_finished_idx').on('workflow_runs').column('finished_at').execute();

  await db.schema.createTable('workflow_step_runs')
    .addColumn('run_id', 'integer', (c) => c.notNull())
    .addColumn('step_number', 'integer', (c) => c.notNull())
    .addColumn('action_id', 'integer', (c) => c.notNull())
    .addColumn('alias', 'varchar(200)', (c) => c.notNull())
    .addColumn('addon_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('input', longText)
    .addColumn('output', longText)
    .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('timeout_ms', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('branch', 'varchar(10)')
    .addColumn('idempotency_key', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('started_at', 'varchar(30)')
    .addColumn('finished_at', 'varchar(30)')
    .addPrimaryKeyConstraint('workflow_step_runs_pk', ['run_id', 'step_number'])
    .execute();
  await db.schema.createIndex('workflow_step_runs_action_idx').on('workflow_step_runs').column('action_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('workflow_step_runs').ifExists().execute();
  await db.schema.dropTable('workflow_runs').ifExists().execute();
  await db.schema.alterTable('chain_actions').dropColumn('card_y').execute();
  await db.schema.alterTable('chain_actions').dropColumn('card_x').execute();
  await db.schema.alterTable('flow_edges').dropColumn('branch').execute();
}
