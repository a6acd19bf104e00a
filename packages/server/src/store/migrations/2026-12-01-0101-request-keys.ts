import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { engineOf } from '../dialect';

// Frozen once shipped.
// Writes sent again (issue 38): each Idempotency-Key a caller sent with a replayable call, the
// request it named (a fingerprint), and once carried out, the answer it got, replayed to a
// second sending of the same key instead of running the write again.

type AnyDb = Kysely<unknown>;

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

export async function up(db: AnyDb): Promise<void> {
  await db.schema.createTable('request_keys')
    .addColumn('caller', 'varchar(300)', notNull)
    .addColumn('request_key', 'varchar(100)', notNull)
    .addColumn('call_name', 'varchar(100)', notNull)
    .addColumn('fingerprint', 'varchar(64)', notNull)
    .addColumn('status', 'varchar(10)', notNull)
    .addColumn('http_status', 'integer')
    .addColumn('answer', engineOf(db) === 'mysql' ? sql`longtext` : sql`text`)
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('done_at', 'varchar(30)')
    .addPrimaryKeyConstraint('request_keys_pk', ['caller', 'request_key'])
    .execute();
  await db.schema.createIndex('request_keys_created_idx').on('request_keys').column('created_at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('request_keys').ifExists().execute();
}
