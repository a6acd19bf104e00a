import { type Kysely, sql } from 'kysely';
import { engineOf } from '../dialect';

// Frozen once shipped.
// Each workflow's live co-editing document (issue 33) as Yjs state, as page_documents keeps a
// page's: every load of a workflow's document, on any replica and after any restart, starts from
// the same Yjs items. `workflow_revision` is the workflow (chain) revision whose drawing the state
// holds. A table of its own rather than one keyed by document name: the row goes with its
// workflow (ON DELETE CASCADE, also when the application goes), which a name could not say.

type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  const engine = engineOf(db);
  const binary = engine === 'postgres' ? sql`bytea` : engine === 'mysql' ? sql`longblob` : sql`blob`;
  await db.schema.createTable('workflow_documents')
    .addColumn('workflow_id', 'integer', (c) => c.primaryKey())
    .addColumn('state', binary, (c) => c.notNull())
    .addColumn('workflow_revision', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addForeignKeyConstraint('workflow_documents_chain_fk', ['workflow_id'], 'chains', ['chain_id'], (c) => c.onDelete('cascade'))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('workflow_documents').ifExists().execute();
}
