import type { Kysely } from 'kysely';

// Frozen once shipped.
// Versions of data that server processes keep in memory (issue 14): the school directory's
// search index is built per process, so an import in one process bumps the directory's version
// in its transaction and every other process sharing the store rebuilds when it sees the change.

type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.createTable('data_versions')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await (db as Kysely<{ data_versions: { name: string; version: number } }>).insertInto('data_versions').values({ name: 'schoolDirectory', version: 1 }).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('data_versions').ifExists().execute();
}
