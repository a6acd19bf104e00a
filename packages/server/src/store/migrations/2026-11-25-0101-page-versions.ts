import { type Kysely, sql } from 'kysely';
import { engineOf } from '../dialect';

// Frozen once shipped.
// Page versions (issue 17): every save of a page's components keeps a version (who, when, the
// components, a summary of what changed); a deleted page's history stays here until retention
// ends, and the page can be undeleted from it. `kind` says what made the version: created,
// before (the page as it was when history began), save, restore, deleted, undeleted.

type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  const engine = engineOf(db);
  const id = engine === 'postgres'
    ? db.schema.createTable('page_versions').addColumn('version_id', 'serial', (c) => c.primaryKey())
    : db.schema.createTable('page_versions').addColumn('version_id', 'integer', (c) => c.primaryKey().autoIncrement());
  await id
    .addColumn('page_id', 'integer', (c) => c.notNull())
    .addColumn('app_id', 'integer', (c) => c.notNull())
    .addColumn('page_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('page_slug', 'varchar(200)', (c) => c.notNull())
    .addColumn('components', engine === 'mysql' ? sql`longtext` : sql`text`, (c) => c.notNull())
    .addColumn('summary', 'varchar(500)', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('version_name', 'varchar(200)')
    .addColumn('author_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('saved_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('save_count', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('page_versions_page_idx').on('page_versions').columns(['page_id', 'version_id']).execute();
  await db.schema.createIndex('page_versions_app_idx').on('page_versions').columns(['app_id', 'kind']).execute();
  await db.schema.createIndex('page_versions_saved_idx').on('page_versions').column('saved_at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('page_versions').ifExists().execute();
}
