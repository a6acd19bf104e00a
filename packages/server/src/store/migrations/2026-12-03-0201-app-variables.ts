import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { engineOf } from '../dialect';

// Frozen once shipped.
// An environment's named variables (issue 39): a row per variable of an application, gone with
// it (ON DELETE CASCADE), each name once per application. A secret one's value is sealed
// (security/secret-box.ts) as a connection's password is; a plain one's is kept as typed.

type AnyDb = Kysely<unknown>;

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

export async function up(db: AnyDb): Promise<void> {
  const builder = db.schema.createTable('app_variables');
  await (engineOf(db) === 'postgres'
    ? builder.addColumn('variable_id', 'serial', (c) => c.primaryKey())
    : builder.addColumn('variable_id', 'integer', (c) => c.primaryKey().autoIncrement()))
    .addColumn('app_id', 'integer', notNull)
    .addColumn('var_name', 'varchar(64)', notNull)
    .addColumn('secret', 'integer', (c) => c.notNull().defaultTo(0))
    // The value as typed, or sealed when secret.
    .addColumn('var_value', 'text', notNull)
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .addForeignKeyConstraint('app_variables_app_fk', ['app_id'], 'apps', ['app_id'], (c) => c.onDelete('cascade'))
    .addUniqueConstraint('app_variables_app_name', ['app_id', 'var_name'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('app_variables').ifExists().execute();
}
