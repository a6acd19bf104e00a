import type { Kysely } from 'kysely';
import { engineOf } from '../dialect';

// Frozen once shipped.
// The outbound services the operator configures in the root application's Third Parties screen
// (issue 12): for now SMTP servers, the Send Email add-on's way out. The password is sealed
// (security/secret-box.ts) like a connection's.

type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  const id = engineOf(db) === 'postgres'
    ? db.schema.createTable('third_parties').addColumn('service_id', 'serial', (c) => c.primaryKey())
    : db.schema.createTable('third_parties').addColumn('service_id', 'integer', (c) => c.primaryKey().autoIncrement());
  await id
    .addColumn('service_kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('service_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('host', 'varchar(255)', (c) => c.notNull())
    .addColumn('port', 'integer', (c) => c.notNull())
    .addColumn('security', 'varchar(20)', (c) => c.notNull())
    .addColumn('username', 'varchar(255)', (c) => c.notNull())
    .addColumn('password_enc', 'text', (c) => c.notNull())
    .addColumn('from_address', 'varchar(255)', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('third_parties').ifExists().execute();
}
