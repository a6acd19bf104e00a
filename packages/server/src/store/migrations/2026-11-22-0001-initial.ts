import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { engineOf } from '../dialect';

// Frozen in time: never edit a migration that has shipped; add a new one.
// Portable types only: integer, varchar(n), text; booleans as 0/1 integers; JSON as text.

type AnyDb = Kysely<unknown>;

/** An auto-numbered integer primary key in each engine's own spelling. */
function withId<T extends string>(db: AnyDb, table: CreateTableBuilder<T, never>, column: string) {
  if (engineOf(db) === 'postgres') return table.addColumn(column, 'serial', (c) => c.primaryKey());
  return table.addColumn(column, 'integer', (c) => c.primaryKey().autoIncrement());
}

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
const longText = (db: AnyDb) => (engineOf(db) === 'mysql' ? sql`longtext` : sql`text`);

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('apps'), 'app_id')
    .addColumn('app_name', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('app_description', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('app_slug', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('app_open_registration', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();

  await db.schema.createTable('users')
    .addColumn('user_id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('password_hash', 'varchar(255)', notNull)
    .addColumn('tokens_valid_after', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();

  await withId(db, db.schema.createTable('user_groups'), 'group_id')
    .addColumn('group_name', 'varchar(100)', notNull)
    .addColumn('group_app_id', 'varchar(20)', notNull)
    .addColumn('group_slug', 'varchar(100)', notNull)
    .addColumn('group_is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('group_access', 'text', notNull)
    .addUniqueConstraint('user_groups_app_slug_unique', ['group_app_id', 'group_slug'])
    .execute();

  await db.schema.createTable('group_members')
    .addColumn('group_id', 'integer', notNull)
    .addColumn('user_id', 'varchar(100)', notNull)
    .addPrimaryKeyConstraint('group_members_pk', ['group_id', 'user_id'])
    .execute();
  await db.schema.createIndex('group_members_user_idx').on('group_members').column('user_id').execute();

  await db.schema.createTable('group_menu_access')
    .addColumn('group_id', 'integer', notNull)
    .addColumn('menu_id', 'integer', notNull)
    .addPrimaryKeyConstraint('group_menu_access_pk', ['group_id', 'menu_id'])
    .execute();
  await db.schema.createIndex('group_menu_access_menu_idx').on('group_menu_access').column('menu_id').execute();

  await withId(db, db.schema.createTable('pages'), 'page_id')
    .addColumn('page_app_id', 'integer', notNull)
    .addColumn('page_name', 'varchar(200)', notNull)
    .addColumn('page_slug', 'varchar(200)', notNull)
    .addColumn('page_components', longText(db), notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .addUniqueConstraint('pages_app_slug_unique', ['page_app_id', 'page_slug'])
    .execute();

  await withId(db, db.schema.createTable('menus'), 'menu_id')
    .addColumn('menu_app_id', 'integer', notNull)
    .addColumn('menu_name', 'varchar(200)', notNull)
    .addColumn('menu_page_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('menu_parent_menu_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('menu_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('menus_app_idx').on('menus').column('menu_app_id').execute();

  await withId(db, db.schema.createTable('db_configs'), 'db_id')
    .addColumn('db_app_id', 'integer', notNull)
    .addColumn('db_type', 'varchar(20)', notNull)
    .addColumn('db_host', 'varchar(255)', notNull)
    .addColumn('db_port', 'integer', notNull)
    .addColumn('db_user', 'varchar(255)', notNull)
    .addColumn('db_password_enc', 'text', notNull)
    .addColumn('db_database', 'varchar(255)', notNull)
    .execute();

  await withId(db, db.schema.createTable('chains'), 'chain_id')
    .addColumn('chain_app_id', 'integer', notNull)
    .addColumn('chain_name', 'varchar(200)', notNull)
    .addColumn('chain_trigger', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .execute();

  await withId(db, db.schema.createTable('chain_actions'), 'action_id')
    .addColumn('action_chain_id', 'integer', notNull)
    .addColumn('action_alias', 'varchar(200)', notNull)
    .addColumn('action_name', 'varchar(200)', notNull)
    .addColumn('addon_name', 'varchar(200)', notNull)
    .addColumn('action_script', 'text', notNull)
    .addColumn('action_params', 'text', notNull)
    .execute();

  await db.schema.createTable('flow_edges')
    .addColumn('workflow_id', 'integer', notNull)
    .addColumn('from_action_id', 'integer', notNull)
    .addColumn('to_action_id', 'integer', notNull)
    .addPrimaryKeyConstraint('flow_edges_pk', ['workflow_id', 'from_action_id', 'to_action_id'])
    .execute();

  await withId(db, db.schema.createTable('functions'), 'id')
    .addColumn('app_id', 'integer', notNull)
    .addColumn('slug', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(200)', notNull)
    .addColumn('parameter', 'text', notNull)
    .addColumn('content', 'text', notNull)
    .execute();

  await withId(db, db.schema.createTable('queries'), 'action_id')
    .addColumn('action_slug', 'varchar(200)', notNull)
    .addColumn('action_db_id', 'integer', notNull)
    .addColumn('action_page_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('action_name', 'varchar(200)', notNull)
    .addColumn('action_sql_query', 'text', notNull)
    .addColumn('action_format', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .execute();

  await withId(db, db.schema.createTable('triggers'), 'trigger_id')
    .addColumn('trigger_app_id', 'integer', notNull)
    .addColumn('trigger_name', 'varchar(200)', notNull)
    .addColumn('trigger_chain_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('trigger_params', 'text', notNull)
    .execute();

  await db.schema.createTable('files')
    .addColumn('file_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('file_app_id', 'integer', notNull)
    .addColumn('file_name', 'varchar(255)', notNull)
    .addColumn('file_mime_type', 'varchar(255)', notNull)
    .addColumn('file_size', 'integer', notNull)
    .addColumn('uploaded_by', 'varchar(100)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();

  await withId(db, db.schema.createTable('templates'), 'template_id')
    .addColumn('template_app_id', 'integer', notNull)
    .addColumn('template_filename', 'varchar(255)', notNull)
    .addColumn('identifier', 'text', notNull)
    .addColumn('options', 'text', notNull)
    .execute();

  await db.schema.createTable('password_resets')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(100)', notNull)
    .addColumn('expires_at', 'bigint', notNull)
    .addColumn('used_at', 'bigint')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'password_resets', 'templates', 'files', 'triggers', 'queries', 'functions', 'flow_edges',
    'chain_actions', 'chains', 'db_configs', 'menus', 'pages', 'group_menu_access',
    'group_members', 'user_groups', 'users', 'apps',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
