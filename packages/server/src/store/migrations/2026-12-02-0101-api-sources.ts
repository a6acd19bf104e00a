import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import { engineOf } from '../dialect';

// Frozen once shipped.
// APIs as data sources (issue 40): an application's HTTP APIs and their endpoints. The API's
// secret (token, password, key or OAuth client secret) is sealed (security/secret-box.ts) as a
// connection's password is; settings that are lists or groups are JSON text. Both go with their
// application (and the endpoints with their API) by ON DELETE CASCADE.

type AnyDb = Kysely<unknown>;

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
const revision = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(1);

function withId(db: AnyDb, table: string, column: string): CreateTableBuilder<string, string> {
  const builder = db.schema.createTable(table);
  return engineOf(db) === 'postgres'
    ? builder.addColumn(column, 'serial', (c) => c.primaryKey())
    : builder.addColumn(column, 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: AnyDb): Promise<void> {
  await withId(db, 'api_sources', 'source_id')
    .addColumn('app_id', 'integer', notNull)
    .addColumn('source_name', 'varchar(100)', notNull)
    .addColumn('base_url', 'varchar(2000)', notNull)
    // core's ApiAuthSettings without the secret, as JSON.
    .addColumn('auth_settings', 'text', notNull)
    .addColumn('secret_enc', 'text', notNull)
    // [{ name, value }] as JSON.
    .addColumn('headers', 'text', notNull)
    .addColumn('time_limit_s', 'integer', notNull)
    .addColumn('max_kb', 'integer', notNull)
    .addColumn('revision', 'integer', revision)
    .addForeignKeyConstraint('api_sources_app_fk', ['app_id'], 'apps', ['app_id'], (c) => c.onDelete('cascade'))
    .addUniqueConstraint('api_sources_app_name', ['app_id', 'source_name'])
    .execute();
  await withId(db, 'api_endpoints', 'endpoint_id')
    .addColumn('source_id', 'integer', notNull)
    .addColumn('endpoint_name', 'varchar(100)', notNull)
    // core's ApiEndpointDraft without its name, as JSON: method, path, query, headers, body, rows, columns, paging.
    .addColumn('definition', 'text', notNull)
    .addColumn('revision', 'integer', revision)
    .addForeignKeyConstraint('api_endpoints_source_fk', ['source_id'], 'api_sources', ['source_id'], (c) => c.onDelete('cascade'))
    .addUniqueConstraint('api_endpoints_source_name', ['source_id', 'endpoint_name'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('api_endpoints').ifExists().execute();
  await db.schema.dropTable('api_sources').ifExists().execute();
}
