import type { Kysely } from 'kysely';

// Frozen once shipped.
// Authors' names per language (issue 35): a menu's name and a page's title in the catalogs an
// author translated them into, as JSON ({"en":"Products"}); null: his own name in every language.

type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('menus').addColumn('name_translations', 'text').execute();
  await db.schema.alterTable('pages').addColumn('name_translations', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('pages').dropColumn('name_translations').execute();
  await db.schema.alterTable('menus').dropColumn('name_translations').execute();
}
