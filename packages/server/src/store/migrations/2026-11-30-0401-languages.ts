import { type Kysely, sql } from 'kysely';

// Frozen once shipped.
// Languages (issue 35): each application's catalog for its members ('spec', 'id', 'en' or
// 'browser') and its time zone for dates; each user's own catalog, null: the application's.

type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('apps').addColumn('app_language', 'varchar(16)', (c) => c.notNull().defaultTo(sql`'spec'`)).execute();
  await db.schema.alterTable('apps').addColumn('app_time_zone', 'varchar(64)', (c) => c.notNull().defaultTo(sql`'Asia/Jakarta'`)).execute();
  await db.schema.alterTable('users').addColumn('language', 'varchar(16)').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').dropColumn('language').execute();
  await db.schema.alterTable('apps').dropColumn('app_time_zone').execute();
  await db.schema.alterTable('apps').dropColumn('app_language').execute();
}
