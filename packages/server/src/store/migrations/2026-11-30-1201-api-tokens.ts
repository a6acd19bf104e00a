import { type ColumnDefinitionBuilder, type Kysely } from 'kysely';

// Frozen once shipped.
// Tokens for machines (issue 36): an application's tokens, each its abilities on a few of its
// pages until it expires. Only the secret's SHA-256 is kept (the secret is 256 random bits, so a
// slow hash would add nothing); a revoked token's row is deleted, the audit log keeps its story.

type AnyDb = Kysely<unknown>;

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

export async function up(db: AnyDb): Promise<void> {
  await db.schema.createTable('api_tokens')
    .addColumn('token_id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('app_id', 'integer', notNull)
    .addColumn('token_name', 'varchar(80)', notNull)
    .addColumn('secret_hash', 'varchar(64)', notNull)
    // Core's TokenAbility names, comma-separated; the page ids as a JSON array.
    .addColumn('abilities', 'varchar(200)', notNull)
    .addColumn('page_ids', 'text', notNull)
    .addColumn('created_by', 'varchar(100)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('expires_at', 'varchar(30)', notNull)
    .addColumn('last_used_at', 'varchar(30)')
    .addForeignKeyConstraint('api_tokens_app_fk', ['app_id'], 'apps', ['app_id'], (c) => c.onDelete('cascade'))
    .addUniqueConstraint('api_tokens_app_name', ['app_id', 'token_name'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('api_tokens').ifExists().execute();
}
