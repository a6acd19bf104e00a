import type { Kysely } from 'kysely';

// Frozen once shipped.
// An audit entry's summary as pieces (issue 35): JSON of core's TextParts, literal texts (the
// names of what changed) and catalog keys with their values, so each reader of the log gets it
// in his language. `summary` keeps the specification's wording; an entry recorded before has
// only that (null here).

type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('summary_text', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('audit_log').dropColumn('summary_text').execute();
}
