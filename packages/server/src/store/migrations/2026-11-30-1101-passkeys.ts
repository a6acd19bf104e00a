import { type ColumnDefinitionBuilder, type Kysely } from 'kysely';

// Frozen once shipped.
// Passkeys (issue 36): a person's WebAuthn credentials (the public key and the signature counter
// the authenticator reports), and the challenges handed out for registering or signing in, each
// taken once within five minutes by whichever replica gets the answer.

type AnyDb = Kysely<unknown>;

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

export async function up(db: AnyDb): Promise<void> {
  await db.schema.createTable('passkeys')
    .addColumn('credential_id', 'varchar(700)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(100)', notNull)
    .addColumn('passkey_name', 'varchar(60)', notNull)
    .addColumn('public_key', 'text', notNull)
    .addColumn('sign_count', 'integer', notNull)
    .addColumn('transports', 'varchar(200)', notNull)
    .addColumn('backed_up', 'integer', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('last_used_at', 'varchar(30)')
    .addForeignKeyConstraint('passkeys_user_fk', ['user_id'], 'users', ['user_id'], (c) => c.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('passkeys_user_idx').on('passkeys').column('user_id').execute();

  await db.schema.createTable('webauthn_challenges')
    .addColumn('challenge', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('purpose', 'varchar(10)', notNull)
    .addColumn('user_id', 'varchar(100)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('webauthn_challenges').ifExists().execute();
  await db.schema.dropTable('passkeys').ifExists().execute();
}
