import type { Kysely } from 'kysely';

// Frozen once shipped.
// The revision of every object administrators edit by whole-object saves (issue 33): a write
// names the revision it was based on, and a stale one is refused instead of replacing another's work.

type AnyDb = Kysely<unknown>;

const REVISIONED_TABLES = [
  'apps', 'pages', 'menus', 'user_groups', 'chains', 'chain_actions', 'db_configs', 'functions', 'queries', 'triggers', 'pdf_templates', 'third_parties',
] as const;

export async function up(db: AnyDb): Promise<void> {
  for (const table of REVISIONED_TABLES) {
    await db.schema.alterTable(table).addColumn('revision', 'integer', (column) => column.notNull().defaultTo(1)).execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of REVISIONED_TABLES) await db.schema.alterTable(table).dropColumn('revision').execute();
}
