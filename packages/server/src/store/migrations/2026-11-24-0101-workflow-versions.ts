import { type Kysely, sql } from 'kysely';
import { engineOf } from '../dialect';

// Frozen once shipped.
// A workflow records the action attached as its trigger (0 for none), and each build that found
// nothing wrong publishes a version: the frozen definition (actions, parameters, edges, order) the
// engine runs, so that editing the drawing never changes a run under way.

type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('chains').addColumn('chain_trigger_action_id', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('chains_app_idx').on('chains').column('chain_app_id').execute();
  await db.schema.createIndex('chain_actions_chain_idx').on('chain_actions').column('action_chain_id').execute();

  const id = engineOf(db) === 'postgres'
    ? db.schema.createTable('workflow_versions').addColumn('version_id', 'serial', (c) => c.primaryKey())
    : db.schema.createTable('workflow_versions').addColumn('version_id', 'integer', (c) => c.primaryKey().autoIncrement());
  await id
    .addColumn('chain_id', 'integer', (c) => c.notNull())
    .addColumn('app_id', 'integer', (c) => c.notNull())
    .addColumn('definition', engineOf(db) === 'mysql' ? sql`longtext` : sql`text`, (c) => c.notNull())
    .addColumn('built_by', 'varchar(100)', (c) => c.notNull())
    .addColumn('built_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('workflow_versions_chain_idx').on('workflow_versions').columns(['chain_id', 'version_id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('workflow_versions').ifExists().execute();
  for (const [name, table] of [['chain_actions_chain_idx', 'chain_actions'], ['chains_app_idx', 'chains']] as const) {
    const index = db.schema.dropIndex(name);
    await (engineOf(db) === 'mysql' ? index.on(table) : index).execute();
  }
  await db.schema.alterTable('chains').dropColumn('chain_trigger_action_id').execute();
}
