import { type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { engineOf } from '../dialect';

// Frozen once shipped.
// Schedules (issue 37): a workflow's cron expressions, each with the time of its next occurrence
// (what the scheduler looks for), and one row per occurrence claimed: inserted in the transaction
// that records the occurrence's run, under the key (schedule, time), so however many processes
// find it due, one run is recorded.

type AnyDb = Kysely<unknown>;

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

export async function up(db: AnyDb): Promise<void> {
  const schedules = engineOf(db) === 'postgres'
    ? db.schema.createTable('workflow_schedules').addColumn('schedule_id', 'serial', (c) => c.primaryKey())
    : db.schema.createTable('workflow_schedules').addColumn('schedule_id', 'integer', (c) => c.primaryKey().autoIncrement());
  await schedules
    .addColumn('app_id', 'integer', notNull)
    .addColumn('workflow_id', 'integer', notNull)
    .addColumn('cron', 'varchar(120)', notNull)
    .addColumn('starts_on', 'varchar(10)')
    .addColumn('ends_on', 'varchar(10)')
    .addColumn('missed', 'varchar(10)', notNull)
    .addColumn('enabled', 'integer', notNull)
    // ISO time of the next occurrence; null once past the last day.
    .addColumn('next_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .addForeignKeyConstraint('workflow_schedules_app_fk', ['app_id'], 'apps', ['app_id'], (c) => c.onDelete('cascade'))
    .addForeignKeyConstraint('workflow_schedules_chain_fk', ['workflow_id'], 'chains', ['chain_id'], (c) => c.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('workflow_schedules_due_idx').on('workflow_schedules').columns(['enabled', 'next_at']).execute();
  await db.schema.createIndex('workflow_schedules_workflow_idx').on('workflow_schedules').column('workflow_id').execute();

  await db.schema.createTable('schedule_occurrences')
    .addColumn('schedule_id', 'integer', notNull)
    .addColumn('occurrence_at', 'varchar(30)', notNull)
    .addColumn('run_id', 'integer', notNull)
    .addPrimaryKeyConstraint('schedule_occurrences_pk', ['schedule_id', 'occurrence_at'])
    .addForeignKeyConstraint('schedule_occurrences_schedule_fk', ['schedule_id'], 'workflow_schedules', ['schedule_id'], (c) => c.onDelete('cascade'))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('schedule_occurrences').ifExists().execute();
  await db.schema.dropTable('workflow_schedules').ifExists().execute();
}
