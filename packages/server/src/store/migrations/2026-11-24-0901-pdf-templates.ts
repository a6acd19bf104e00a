import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { engineOf } from '../dialect';

// Frozen once shipped.
// The PDF extractor's templates (issue 14): the sample PDF lives in the data directory under
// pdf-templates/<appId>/<template_id>.pdf; this row keeps its name, its fields (JSON) and the
// sample's page sizes and AcroForm field names, read once when it was uploaded.

type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  const engine = engineOf(db);
  const json = engine === 'mysql' ? sql`longtext` : sql`text`;
  const id = engine === 'postgres'
    ? db.schema.createTable('pdf_templates').addColumn('template_id', 'serial', (c) => c.primaryKey())
    : db.schema.createTable('pdf_templates').addColumn('template_id', 'integer', (c) => c.primaryKey().autoIncrement());
  await id
    .addColumn('template_app_id', 'integer', (c) => c.notNull())
    .addColumn('template_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('fields', json, (c) => c.notNull())
    .addColumn('pages', json, (c) => c.notNull())
    .addColumn('form_fields', json, (c) => c.notNull())
    .addColumn('sample_size', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'varchar(100)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pdf_templates_app').on('pdf_templates').column('template_app_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('pdf_templates').ifExists().execute();
}
