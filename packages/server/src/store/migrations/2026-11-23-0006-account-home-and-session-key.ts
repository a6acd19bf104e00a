import type { Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.

type AnyDb = Kysely<unknown>;

/**
 * Accounts (issue 10, items 6 and 9).
 * - home_app_id: the application the user registered into or was created in by its
 *   administrator; only that application's administrators (and the super administrator) may
 *   set his password, and they alone may add him to their groups. NULL for accounts of the
 *   operator (made in _root, seeded, or left by a deleted application): the super
 *   administrator's alone. Existing accounts start NULL: membership cannot tell who consented.
 * - session_key: a random value every token carries and every call compares; a new password
 *   or a re-created user gets a new one, so no earlier token is accepted (whole-second
 *   tokens_valid_after let a token of the same second, or of a deleted user, through).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').addColumn('home_app_id', 'integer').execute();
  await db.schema.alterTable('users').addColumn('session_key', 'varchar(64)', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('users').dropColumn('tokens_valid_after').execute();
  await db.schema.createIndex('users_home_app_idx').on('users').column('home_app_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('users_home_app_idx').on('users').execute();
  await db.schema.alterTable('users').addColumn('tokens_valid_after', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('users').dropColumn('session_key').execute();
  await db.schema.alterTable('users').dropColumn('home_app_id').execute();
}
