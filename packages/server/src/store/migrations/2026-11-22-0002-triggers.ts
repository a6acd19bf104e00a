import { type Kysely, sql } from 'kysely';
import { engineOf } from '../dialect';

// Frozen once shipped. The `triggers` table of the initial migration keeps its columns
// (trigger_name is the trigger's alias, spec 2 §3 "name (alias)"); it gains its save times,
// and `trigger_runs` records each run for the workflow engine to take up.

type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('triggers').addColumn('created_at', 'varchar(30)', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('triggers').addColumn('updated_at', 'varchar(30)', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.createIndex('triggers_app_idx').on('triggers').column('trigger_app_id').execute();

  const id = engineOf(db) === 'postgres'
    ? db.schema.createTable('trigger_runs').addColumn('run_id', 'serial', (c) => c.primaryKey())
    : db.schema.createTable('trigger_runs').addColumn('run_id', 'integer', (c) => c.primaryKey().autoIncrement());
  await id
    .addColumn('trigger_id', 'integer', (c) => c.notNull())
    .addColumn('app_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('params', engineOf(db) === 'mysql' ? sql`longtext` : sql`text`, (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('trigger_runs_trigger_idx').on('trigger_runs').columns(['trigger_id', 'run_id']).execute();
  await db.schema.createIndex('trigger_runs_status_idx').on('trigger_runs').columns(['status', 'run_id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('trigger_runs').ifExists().execute();
  const index = db.schema.dropIndex('triggers_app_idx');
  await (engineOf(db) === 'mysql' ? index.on('triggers') : index).execute();
  await db.schema.alterTable('triggers').dropColumn('updated_at').execute();
  await db.schema.alterTable('triggers').dropColumn('created_at').execute();
}
