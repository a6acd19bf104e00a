import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { engineOf } from '../dialect';

// Frozen once shipped.
// Environments (issue 39): each environment of an application is an application of its own, in
// one family (the application the environments were made from); a row per environment, gone with
// its application (ON DELETE CASCADE). `base` is the environment's structure as its last
// promotion (or its making) left it: a promotion into it is refused when it changed since.
// `undo` is the structure a promotion replaced, for the one-step undo. A promotion under way
// leases the row (busy_until). A connection's `db_link` names it across the family's
// environments: a promotion keeps each environment's own host, database and user by it.

type AnyDb = Kysely<unknown>;

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

export async function up(db: AnyDb): Promise<void> {
  const longText = engineOf(db) === 'mysql' ? sql`longtext` : sql`text`;
  await db.schema.createTable('app_environments')
    .addColumn('app_id', 'integer', (c) => c.primaryKey())
    .addColumn('family_id', 'integer', notNull)
    .addColumn('env_name', 'varchar(80)', notNull)
    .addColumn('env_order', 'integer', notNull)
    .addColumn('base', longText, notNull)
    .addColumn('undo', longText)
    .addColumn('promoted_from', 'varchar(80)')
    .addColumn('promoted_at', 'varchar(40)')
    .addColumn('promoted_by', 'varchar(300)')
    .addColumn('busy_until', 'varchar(40)')
    .addForeignKeyConstraint('app_environments_app_fk', ['app_id'], 'apps', ['app_id'], (c) => c.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('app_environments_family_idx').on('app_environments').column('family_id').execute();
  await db.schema.alterTable('db_configs').addColumn('db_link', 'varchar(64)').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('db_configs').dropColumn('db_link').execute();
  await db.schema.dropTable('app_environments').ifExists().execute();
}
