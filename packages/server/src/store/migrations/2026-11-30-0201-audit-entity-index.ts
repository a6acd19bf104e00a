import type { Kysely } from 'kysely';

// Frozen once shipped.
// Who last changed an object (issue 33: a stale write's 409 names him) is the newest audit entry
// of its entity: read by (entity_type, entity_id), newest first.

type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.createIndex('audit_log_entity').on('audit_log').columns(['entity_type', 'entity_id', 'audit_id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('audit_log_entity').on('audit_log').execute();
}
