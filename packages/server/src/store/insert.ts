import type { Generated, Insertable, Kysely } from 'kysely';
import { engineOf } from './dialect';
import type { Database } from './schema';

type TablesWithId = {
  [T in keyof Database]: { [C in keyof Database[T]]: Database[T][C] extends Generated<number> ? C : never }[keyof Database[T]] extends never ? never : T;
}[keyof Database];

/**
 * Inserts one row and answers its generated id: RETURNING where the engine has it,
 * the driver's insertId on MySQL/MariaDB.
 */
export async function insertReturningId<T extends TablesWithId>(
  db: Kysely<Database>,
  table: T,
  values: Insertable<Database[T]>,
  idColumn: string,
): Promise<number> {
  const query = db.insertInto(table).values(values as never);
  if (engineOf(db as Kysely<unknown>) === 'mysql') {
    const result = await query.executeTakeFirstOrThrow();
    return Number(result.insertId);
  }
  const row = (await query.returning(idColumn as never).executeTakeFirstOrThrow()) as Record<string, unknown>;
  return Number(row[idColumn]);
}
