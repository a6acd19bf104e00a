import { type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { engineOf } from '../dialect';

// Frozen once shipped.
// Incoming webhooks (issue 37): a workflow's hooks (the secret sealed, as a connection's
// password: a signature is checked with the secret itself), the log of every call to each, the
// signatures already taken (each good once; kept while its timestamp could still be accepted),
// and the name of what started a run that no account started (the hook's, at the time).

type AnyDb = Kysely<unknown>;

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

export async function up(db: AnyDb): Promise<void> {
  await db.schema.createTable('workflow_hooks')
    .addColumn('hook_id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('app_id', 'integer', notNull)
    .addColumn('workflow_id', 'integer', notNull)
    .addColumn('hook_name', 'varchar(80)', notNull)
    .addColumn('auth', 'varchar(20)', notNull)
    .addColumn('wait_ms', 'integer', notNull)
    // The input schema: core's HookField list, JSON ([] takes any body).
    .addColumn('input_fields', 'text', notNull)
    .addColumn('secret_enc', 'text', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('secret_set_at', 'varchar(30)', notNull)
    .addForeignKeyConstraint('workflow_hooks_app_fk', ['app_id'], 'apps', ['app_id'], (c) => c.onDelete('cascade'))
    .addForeignKeyConstraint('workflow_hooks_chain_fk', ['workflow_id'], 'chains', ['chain_id'], (c) => c.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('workflow_hooks_workflow_idx').on('workflow_hooks').column('workflow_id').execute();

  const calls = engineOf(db) === 'postgres'
    ? db.schema.createTable('hook_calls').addColumn('call_id', 'serial', (c) => c.primaryKey())
    : db.schema.createTable('hook_calls').addColumn('call_id', 'integer', (c) => c.primaryKey().autoIncrement());
  await calls
    .addColumn('hook_id', 'varchar(40)', notNull)
    .addColumn('at', 'varchar(30)', notNull)
    .addColumn('outcome', 'varchar(30)', notNull)
    .addColumn('run_id', 'integer')
    .addColumn('source_address', 'varchar(64)', notNull)
    .addForeignKeyConstraint('hook_calls_hook_fk', ['hook_id'], 'workflow_hooks', ['hook_id'], (c) => c.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('hook_calls_hook_idx').on('hook_calls').columns(['hook_id', 'call_id']).execute();

  await db.schema.createTable('hook_deliveries')
    .addColumn('hook_id', 'varchar(40)', notNull)
    .addColumn('signature', 'varchar(64)', notNull)
    .addColumn('received_at', 'varchar(30)', notNull)
    .addPrimaryKeyConstraint('hook_deliveries_pk', ['hook_id', 'signature'])
    .addForeignKeyConstraint('hook_deliveries_hook_fk', ['hook_id'], 'workflow_hooks', ['hook_id'], (c) => c.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('hook_deliveries_received_idx').on('hook_deliveries').column('received_at').execute();

  await db.schema.alterTable('workflow_runs').addColumn('started_by_name', 'varchar(100)').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('workflow_runs').dropColumn('started_by_name').execute();
  await db.schema.dropTable('hook_deliveries').ifExists().execute();
  await db.schema.dropTable('hook_calls').ifExists().execute();
  await db.schema.dropTable('workflow_hooks').ifExists().execute();
}
