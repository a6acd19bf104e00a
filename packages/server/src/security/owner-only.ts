import { chmodSync, closeSync, openSync, readdirSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';

/*
 * The data directory holds the metadata store (password hashes, sealed connection passwords),
 * the JWT secret, applications' uploads, print templates and SQLite databases: only the account
 * the server runs as may read it, like the secret has always been.
 */

/** Files the server creates in the data directory: read and written by its owner alone. */
export const OWNER_ONLY_FILE_MODE = 0o600;
/** mkdir options that create every missing folder of the path for its owner alone. */
export const OWNER_ONLY_FOLDERS = { recursive: true, mode: 0o700 } as const;

const GROUP_AND_OTHERS = 0o077;

function statIfExists(target: string): Stats | undefined {
  try {
    return statSync(target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Takes the group's and others' permissions off `target` when it has any; answers whether it
 * exists and is this account's. Paths of another account (an operator's mount) are left as
 * they are: only their owner may change them.
 */
export function tightenToOwnerOnly(target: string): boolean {
  const stats = statIfExists(target);
  if (stats === undefined || (process.getuid !== undefined && stats.uid !== process.getuid())) return false;
  if ((stats.mode & GROUP_AND_OTHERS) !== 0) chmodSync(target, stats.mode & 0o700);
  return true;
}

/** Creates `file` empty for its owner alone when it is missing (for a library that then opens it), else tightens it. */
export function ensureOwnerOnlyFile(file: string): void {
  closeSync(openSync(file, 'a', OWNER_ONLY_FILE_MODE));
  tightenToOwnerOnly(file);
}

/**
 * On start, tightens what an older version created readable to others: the data directory,
 * each file and folder directly in it (the store and its -wal/-shm, the secret, the uploads,
 * print-templates and databases folders) and each application's folder inside those. The files
 * deeper down need no visit: no other account can pass an owner-only folder to reach them.
 */
export function tightenDataDir(dataDir: string): void {
  tightenToOwnerOnly(dataDir);
  for (const entry of readdirSync(dataDir, { withFileTypes: true })) {
    const inside = path.join(dataDir, entry.name);
    if (!tightenToOwnerOnly(inside) || !entry.isDirectory()) continue;
    for (const appFolder of readdirSync(inside, { withFileTypes: true })) {
      if (appFolder.isDirectory()) tightenToOwnerOnly(path.join(inside, appFolder.name));
    }
  }
}
