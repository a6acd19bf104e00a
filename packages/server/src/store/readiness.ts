import { sql } from 'kysely';
import { LATEST_MIGRATION, type Store } from './db';

/** What the store says about serving this code: it answers, and its schema has this code's newest migration. */
export type StoreState = 'ready' | 'migrations-pending' | 'unreachable';

export async function storeState(store: Store): Promise<StoreState> {
  try {
    const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration WHERE name = ${LATEST_MIGRATION}`.execute(store);
    return rows.length === 1 ? 'ready' : 'migrations-pending';
  } catch {
    // No migration table yet, or no store at all: a trivial query tells which.
    try {
      await sql`SELECT 1`.execute(store);
      return 'migrations-pending';
    } catch {
      return 'unreachable';
    }
  }
}
