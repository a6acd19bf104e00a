import { type ColumnDefinitionBuilder, type Kysely } from 'kysely';

// Frozen once shipped.
// A second factor (issue 36): a person's TOTP secret (sealed like connection passwords; pending
// while he sets it up, then in use, with the last time step accepted so a code is good once),
// his one-time recovery codes (hashed), whether an application requires one of its
// administrators, and whether a session was started with one or must set one up first.

type AnyDb = Kysely<unknown>;

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').addColumn('totp_secret_enc', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_pending_enc', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_last_step', 'integer').execute();
  await db.schema.alterTable('users').addColumn('totp_enabled_at', 'varchar(30)').execute();

  await db.schema.createTable('recovery_codes')
    .addColumn('user_id', 'varchar(100)', notNull)
    .addColumn('code_hash', 'varchar(64)', notNull)
    .addColumn('used_at', 'varchar(30)')
    .addPrimaryKeyConstraint('recovery_codes_pk', ['user_id', 'code_hash'])
    .addForeignKeyConstraint('recovery_codes_user_fk', ['user_id'], 'users', ['user_id'], (c) => c.onDelete('cascade'))
    .execute();

  await db.schema.alterTable('apps').addColumn('app_admin_second_factor', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  await db.schema.alterTable('user_sessions').addColumn('second_factor', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('user_sessions').addColumn('must_set_up_second_factor', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('user_sessions').dropColumn('must_set_up_second_factor').execute();
  await db.schema.alterTable('user_sessions').dropColumn('second_factor').execute();
  await db.schema.alterTable('apps').dropColumn('app_admin_second_factor').execute();
  await db.schema.dropTable('recovery_codes').ifExists().execute();
  for (const column of ['totp_enabled_at', 'totp_last_step', 'totp_pending_enc', 'totp_secret_enc']) await db.schema.alterTable('users').dropColumn(column).execute();
}
