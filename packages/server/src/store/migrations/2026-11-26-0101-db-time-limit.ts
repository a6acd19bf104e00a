import type { Kysely } from 'kysely';

// Frozen once shipped.
// A connection's time limit for its data widgets' statements, in seconds (issue 19); null: the
// default (core TIME_LIMIT_DEFAULT_S).

type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('db_configs').addColumn('db_time_limit', 'integer').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('db_configs').dropColumn('db_time_limit').execute();
}
