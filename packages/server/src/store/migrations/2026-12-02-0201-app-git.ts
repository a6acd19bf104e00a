import type { ColumnDefinitionBuilder, Kysely } from 'kysely';

// Frozen once shipped.
// An application's git repository (issue 39): one row per connected application, gone with it
// (ON DELETE CASCADE). The access token is sealed (security/secret-box.ts) as a connection's
// password is; the commit both sides last agreed on is the base of the next pull's merge; a push
// or pull under way leases the row (busy_until), so two replicas never interleave on one application.

type AnyDb = Kysely<unknown>;

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

export async function up(db: AnyDb): Promise<void> {
  await db.schema.createTable('app_git')
    .addColumn('app_id', 'integer', (c) => c.primaryKey())
    .addColumn('repository_url', 'varchar(2000)', notNull)
    .addColumn('branch', 'varchar(200)', notNull)
    .addColumn('username', 'varchar(255)', notNull)
    .addColumn('token_enc', 'text', notNull)
    .addColumn('synced_commit', 'varchar(64)')
    .addColumn('synced_at', 'varchar(40)')
    // A push or pull under way holds the row until then (ISO time), on every replica.
    .addColumn('busy_until', 'varchar(40)')
    .addForeignKeyConstraint('app_git_app_fk', ['app_id'], 'apps', ['app_id'], (c) => c.onDelete('cascade'))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('app_git').ifExists().execute();
}
