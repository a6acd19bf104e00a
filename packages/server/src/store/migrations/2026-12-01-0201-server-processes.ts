import type { Kysely } from 'kysely';

// Frozen once shipped.
// Which server processes are alive (issue 38): each keeps a row fresh while it runs, and each
// Idempotency-Key claim names the process that claimed it, so a claim whose process is gone is
// known at once to have no answer coming (instead of after the longest a write may run).

type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.createTable('server_processes')
    .addColumn('process_id', 'varchar(36)', (c) => c.notNull().primaryKey())
    .addColumn('seen_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('request_keys').addColumn('claimed_by', 'varchar(36)').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('request_keys').dropColumn('claimed_by').execute();
  await db.schema.dropTable('server_processes').ifExists().execute();
}
