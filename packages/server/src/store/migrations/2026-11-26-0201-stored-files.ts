import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { engineOf } from '../dialect';

// Frozen once shipped.
// Files kept in the metadata store (issue 20), so that every replica reads what any one of them
// wrote: uploads, print templates and the sample PDFs of extraction templates. A file is one
// `stored_files` row and its bytes cut into `stored_file_chunks` of at most 256 KiB, so that no
// row passes MariaDB's max_allowed_packet (16 MiB by default since 10.2.4; MySQL 8's is 64 MiB)
// and a file is streamed out a chunk at a time. The bytes column is the engine's binary type:
// SQLite's BLOB, PostgreSQL's BYTEA and MySQL's LONGBLOB (a plain BLOB stops at 64 KiB).
// A PDF extraction template names its sample's stored file; null until the sample is stored.

type AnyDb = Kysely<unknown>;

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

function binaryType(db: AnyDb) {
  const engine = engineOf(db);
  if (engine === 'postgres') return sql`bytea`;
  if (engine === 'mysql') return sql`longblob`;
  return sql`blob`;
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema.createTable('stored_files')
    .addColumn('file_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('app_id', 'integer', notNull)
    .addColumn('kind', 'varchar(30)', notNull)
    .addColumn('name', 'varchar(255)', notNull)
    .addColumn('content_type', 'varchar(255)', notNull)
    .addColumn('size', 'integer', notNull)
    .addColumn('sha256', 'varchar(64)', notNull)
    .addColumn('chunk_count', 'integer', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
  await db.schema.createIndex('stored_files_app_kind').on('stored_files').columns(['app_id', 'kind']).execute();

  await db.schema.createTable('stored_file_chunks')
    .addColumn('file_id', 'varchar(64)', notNull)
    .addColumn('seq', 'integer', notNull)
    .addColumn('bytes', binaryType(db), notNull)
    .addPrimaryKeyConstraint('stored_file_chunks_pk', ['file_id', 'seq'])
    .execute();

  await db.schema.alterTable('pdf_templates').addColumn('sample_file_id', 'varchar(64)').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('pdf_templates').dropColumn('sample_file_id').execute();
  await db.schema.dropTable('stored_file_chunks').ifExists().execute();
  await db.schema.dropTable('stored_files').ifExists().execute();
}
