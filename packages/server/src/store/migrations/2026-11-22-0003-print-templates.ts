import type { ColumnDefinitionBuilder, Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.

type AnyDb = Kysely<unknown>;

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

/**
 * Print templates (spec 2 "Print template"): the .docx lives in the data directory under
 * print-templates/<appId>/<template_id>; this row keeps its name, the fields read from it and its options.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.createTable('print_templates')
    .addColumn('template_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('template_app_id', 'integer', notNull)
    .addColumn('template_filename', 'varchar(255)', notNull)
    .addColumn('identifier', 'text', notNull)
    .addColumn('options', 'text', notNull)
    .addColumn('file_size', 'integer', notNull)
    .addColumn('uploaded_by', 'varchar(100)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .addUniqueConstraint('print_templates_app_filename_unique', ['template_app_id', 'template_filename'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('print_templates').ifExists().execute();
}
