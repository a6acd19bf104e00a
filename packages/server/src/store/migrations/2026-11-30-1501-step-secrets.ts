import { type ColumnDefinitionBuilder, type Kysely } from 'kysely';

// Frozen once shipped.
// Send Webhook steps' signing secrets (issue 37): one per action, sealed, outside the action's
// parameters so that the co-edited flow, its versions and exported bundles never carry it.

type AnyDb = Kysely<unknown>;

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

export async function up(db: AnyDb): Promise<void> {
  await db.schema.createTable('workflow_step_secrets')
    .addColumn('action_id', 'integer', (c) => c.primaryKey())
    .addColumn('app_id', 'integer', notNull)
    .addColumn('secret_enc', 'text', notNull)
    .addColumn('set_at', 'varchar(30)', notNull)
    .addForeignKeyConstraint('workflow_step_secrets_action_fk', ['action_id'], 'chain_actions', ['action_id'], (c) => c.onDelete('cascade'))
    .addForeignKeyConstraint('workflow_step_secrets_app_fk', ['app_id'], 'apps', ['app_id'], (c) => c.onDelete('cascade'))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('workflow_step_secrets').ifExists().execute();
}
