import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Migration } from 'kysely/migration';

/**
 * The metadata store's migrations are the files of `migrations/`, named by the date and order
 * they were written (`2026-11-22-0001-initial.ts`); a change of the store adds its file and
 * edits no list. Names never change: the store records each one it ran.
 */
const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const MIGRATION_FILE = /^(\d{4}-\d{2}-\d{2}-\d{4}-[a-z0-9-]+)\.ts$/;

/**
 * Every migration's name, in the order they run. A module of the folder named otherwise stops the
 * start: skipped in silence, its change would never reach a store.
 */
export const MIGRATION_NAMES: readonly string[] = readdirSync(MIGRATIONS_DIR)
  .filter((file) => file.endsWith('.ts'))
  .map((file) => {
    const name = MIGRATION_FILE.exec(file)?.[1];
    if (name === undefined) throw new Error(`store/migrations/${file} is not named as a migration (date-order-name.ts, lower case)`);
    return name;
  })
  .sort();

/**
 * Loads them, as Kysely's provider. Imported by our own code, not Kysely's FileMigrationProvider,
 * so that under the test runner they load in its module graph (as the route modules do).
 */
export async function loadMigrations(): Promise<Record<string, Migration>> {
  const loaded: Record<string, Migration> = {};
  for (const name of MIGRATION_NAMES) {
    const module = (await import(pathToFileURL(path.join(MIGRATIONS_DIR, `${name}.ts`)).href)) as Partial<Migration>;
    if (typeof module.up !== 'function') throw new Error(`The migration ${name} exports no up()`);
    loaded[name] = module as Migration;
  }
  return loaded;
}
