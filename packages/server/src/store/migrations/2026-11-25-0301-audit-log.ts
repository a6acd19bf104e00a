import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { engineOf } from '../dialect';

// Frozen once shipped.
// The audit log (issue 17): one row per recorded act, appended and never updated; only the
// operator's retention deletes rows (by age). `at` is an ISO-8601 UTC text, so it sorts and
// compares as text on every engine; `details` is JSON text, already redacted of secrets.

type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  const engine = engineOf(db);
  const json = engine === 'mysql' ? sql`longtext` : sql`text`;
  const id = engine === 'postgres'
    ? db.schema.createTable('audit_log').addColumn('audit_id', 'bigserial', (c) => c.primaryKey())
    : engine === 'mysql'
      ? db.schema.createTable('audit_log').addColumn('audit_id', 'bigint', (c) => c.primaryKey().autoIncrement())
      : db.schema.createTable('audit_log').addColumn('audit_id', 'integer', (c) => c.primaryKey().autoIncrement());
  await id
    .addColumn('at', 'varchar(30)', (c) => c.notNull())
    .addColumn('actor_id', 'varchar(100)')
    .addColumn('app_id', 'integer')
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('entity_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('entity_id', 'varchar(200)')
    .addColumn('summary', 'varchar(500)', (c) => c.notNull())
    .addColumn('details', json, (c) => c.notNull())
    .addColumn('source_address', 'varchar(64)')
    .execute();
  await db.schema.createIndex('audit_log_app').on('audit_log').columns(['app_id', 'audit_id']).execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
  await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_id', 'audit_id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('audit_log').ifExists().execute();
}
