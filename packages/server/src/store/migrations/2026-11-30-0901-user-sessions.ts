import { type ColumnDefinitionBuilder, type Kysely } from 'kysely';

// Frozen once shipped.
// Sessions one can see (issue 36): each sign-in is a row its token names, so a person lists his
// sessions and ends any one of them, and the auth path refuses a token whose row is gone.
// Tokens issued before this migration name no row and are refused: everyone signs in once more.

type AnyDb = Kysely<unknown>;

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

export async function up(db: AnyDb): Promise<void> {
  await db.schema.createTable('user_sessions')
    .addColumn('session_id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(100)', notNull)
    .addColumn('app_slug', 'varchar(100)', notNull)
    .addColumn('method', 'varchar(20)', notNull)
    .addColumn('user_agent', 'varchar(400)', notNull)
    .addColumn('ip_address', 'varchar(64)', notNull)
    .addColumn('signed_in_at', 'varchar(30)', notNull)
    .addColumn('last_used_at', 'varchar(30)', notNull)
    .addColumn('expires_at', 'varchar(30)', notNull)
    .addForeignKeyConstraint('user_sessions_user_fk', ['user_id'], 'users', ['user_id'], (c) => c.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('user_sessions_user_idx').on('user_sessions').column('user_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('user_sessions').ifExists().execute();
}
