import type { Kysely } from 'kysely';

// Frozen once shipped.
// A deleted page's menus (issue 17): deleting a page points the menus that opened it nowhere;
// its 'deleted' version keeps their ids (a JSON array) so undeleting it points them back.
// Null on every other version.

type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('page_versions').addColumn('menu_ids', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('page_versions').dropColumn('menu_ids').execute();
}
