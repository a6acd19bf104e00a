import type { Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.

type AnyDb = Kysely<unknown>;

/**
 * Whether the operator vouched for a connection (issue 10 item 2): set when the super
 * administrator saves it, so that it may reach a private address that application
 * administrators may not. Connections stored before are not vouched for: a private one works
 * again once the super administrator saves it or the operator allows its host.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('db_configs').addColumn('db_vouched', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('db_configs').dropColumn('db_vouched').execute();
}
