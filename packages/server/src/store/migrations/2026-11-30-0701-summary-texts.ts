import type { Kysely } from 'kysely';

// Frozen once shipped.
// Summaries as pieces (issue 35), so each reader gets them in his language: an audit entry's as
// JSON of core's TextParts (literal names, catalog keys with their values); a page version's as
// JSON of core's VersionSummaryText (a fixed text, a rename, the components' changes). `summary`
// keeps the specification's wording; what was recorded before has only that (null here).

type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('summary_text', 'text').execute();
  await db.schema.alterTable('page_versions').addColumn('summary_text', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('page_versions').dropColumn('summary_text').execute();
  await db.schema.alterTable('audit_log').dropColumn('summary_text').execute();
}
