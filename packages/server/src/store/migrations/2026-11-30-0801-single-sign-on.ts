import { type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { engineOf } from '../dialect';

// Frozen once shipped.
// Single sign-on (issue 36). An application's OpenID Connect providers (their client secrets
// sealed like connection passwords); whether its sign-in screen still offers the password form;
// the accounts each provider's subjects sign in as (matched by subject, never by e-mail); and
// the sign-ins under way: a state with its PKCE verifier and nonce while the browser is at the
// provider, then a one-time ticket (hashed) the application's page trades for a session.

type AnyDb = Kysely<unknown>;

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

export async function up(db: AnyDb): Promise<void> {
  const id = engineOf(db) === 'postgres'
    ? db.schema.createTable('identity_providers').addColumn('provider_id', 'serial', (c) => c.primaryKey())
    : db.schema.createTable('identity_providers').addColumn('provider_id', 'integer', (c) => c.primaryKey().autoIncrement());
  await id
    .addColumn('app_id', 'integer', notNull)
    .addColumn('provider_name', 'varchar(60)', notNull)
    .addColumn('issuer', 'varchar(500)', notNull)
    .addColumn('client_id', 'varchar(255)', notNull)
    .addColumn('client_secret_enc', 'text', notNull)
    .addColumn('scopes', 'varchar(500)', notNull)
    .addColumn('groups_claim', 'varchar(100)')
    .addColumn('new_users', 'varchar(10)', notNull)
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addForeignKeyConstraint('identity_providers_app_fk', ['app_id'], 'apps', ['app_id'], (c) => c.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('identity_providers_app_idx').on('identity_providers').column('app_id').execute();

  await db.schema.alterTable('apps').addColumn('app_password_sign_in', 'integer', (c) => c.notNull().defaultTo(1)).execute();

  await db.schema.createTable('user_identities')
    .addColumn('provider_id', 'integer', notNull)
    .addColumn('subject', 'varchar(255)', notNull)
    .addColumn('user_id', 'varchar(100)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .addPrimaryKeyConstraint('user_identities_pk', ['provider_id', 'subject'])
    .addForeignKeyConstraint('user_identities_provider_fk', ['provider_id'], 'identity_providers', ['provider_id'], (c) => c.onDelete('cascade'))
    .addForeignKeyConstraint('user_identities_user_fk', ['user_id'], 'users', ['user_id'], (c) => c.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('user_identities_user_idx').on('user_identities').column('user_id').execute();

  await db.schema.createTable('sso_sign_ins')
    .addColumn('state', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('provider_id', 'integer', notNull)
    .addColumn('code_verifier', 'varchar(128)', notNull)
    .addColumn('nonce', 'varchar(64)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('ticket_hash', 'varchar(64)')
    .addColumn('user_id', 'varchar(100)')
    .addForeignKeyConstraint('sso_sign_ins_provider_fk', ['provider_id'], 'identity_providers', ['provider_id'], (c) => c.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('sso_sign_ins_ticket_idx').on('sso_sign_ins').column('ticket_hash').unique().execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('sso_sign_ins').ifExists().execute();
  await db.schema.dropTable('user_identities').ifExists().execute();
  await db.schema.alterTable('apps').dropColumn('app_password_sign_in').execute();
  await db.schema.dropTable('identity_providers').ifExists().execute();
}
