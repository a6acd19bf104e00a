import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { engineOf } from '../dialect';

// Frozen once shipped.
// Each page's live co-editing document (issue 33) as Yjs state, so that every load of a page's
// document, on any replica and after any restart, starts from the same Yjs items: a builder's
// copy then merges with it instead of conflicting with a document rebuilt from the JSON.
// `page_revision` is the page revision whose components the state holds; a page written by a path
// that does not keep the state leaves it behind, and the next load brings it up to date. The
// state is the engine's binary type: SQLite's BLOB, PostgreSQL's BYTEA and MySQL's LONGBLOB (a
// plain BLOB stops at 64 KiB). The row goes with its page.

type AnyDb = Kysely<unknown>;

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

function binaryType(db: AnyDb) {
  const engine = engineOf(db);
  if (engine === 'postgres') return sql`bytea`;
  if (engine === 'mysql') return sql`longblob`;
  return sql`blob`;
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema.createTable('page_documents')
    .addColumn('page_id', 'integer', (c) => c.primaryKey())
    .addColumn('state', binaryType(db), notNull)
    .addColumn('page_revision', 'integer', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .addForeignKeyConstraint('page_documents_page_fk', ['page_id'], 'pages', ['page_id'], (c) => c.onDelete('cascade'))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('page_documents').ifExists().execute();
}
