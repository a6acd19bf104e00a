import { type Kysely, MysqlAdapter, PostgresAdapter } from 'kysely';

export type Engine = 'sqlite' | 'postgres' | 'mysql';

/** Which engine a Kysely instance talks to, read from its adapter. */
export function engineOf(db: Kysely<unknown>): Engine {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof PostgresAdapter) return 'postgres';
  if (adapter instanceof MysqlAdapter) return 'mysql';
  return 'sqlite';
}
