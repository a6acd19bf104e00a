import type { Insertable, Selectable } from 'kysely';
import type { Store } from '../db';
import { containsText } from '../like';
import type { SchoolDirectoryTable } from '../schema';

export type SchoolRow = Selectable<SchoolDirectoryTable>;
export type SchoolValues = Insertable<SchoolDirectoryTable>;

/** Rows per INSERT: 11 values each stays under SQLite's 999 bound parameters. */
const INSERT_CHUNK = 80;

/** Every school, for the search index (name and the fields an option shows). */
export const allSchoolsForIndex = (db: Store) =>
  db.selectFrom('schoolDirectory').select(['npsn', 'schoolName', 'level', 'status']).execute();

export const findSchool = (db: Store, npsn: string) =>
  db.selectFrom('schoolDirectory').selectAll().where('npsn', '=', npsn).executeTakeFirst();

/** Replaces the schools of these NPSNs (and, with `dropSamples`, the sample rows) by the rows given. */
export async function replaceSchools(db: Store, rows: readonly SchoolValues[], dropSamples: boolean): Promise<void> {
  if (dropSamples) await db.deleteFrom('schoolDirectory').where('isSample', '=', 1).execute();
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    const chunk = rows.slice(start, start + INSERT_CHUNK);
    await db.deleteFrom('schoolDirectory').where('npsn', 'in', chunk.map((r) => r.npsn)).execute();
    await db.insertInto('schoolDirectory').values(chunk).execute();
  }
}

/** One page of the directory, by name, with how many rows match and how many are samples. */
export async function pageOfSchools(db: Store, search: string, page: number, size: number): Promise<{ total: number; samples: number; rows: SchoolRow[] }> {
  let query = db.selectFrom('schoolDirectory');
  if (search !== '') query = query.where((eb) => eb.or([containsText('schoolName', search), containsText('npsn', search)]));
  const counted = await query.select((eb) => [eb.fn.countAll<number | string>().as('total')]).executeTakeFirst();
  const samples = await db.selectFrom('schoolDirectory').select((eb) => eb.fn.countAll<number | string>().as('n')).where('isSample', '=', 1).executeTakeFirst();
  const rows = await query.selectAll().orderBy('schoolName').orderBy('npsn').limit(size).offset((page - 1) * size).execute();
  return { total: Number(counted?.total ?? 0), samples: Number(samples?.n ?? 0), rows };
}
