import { migrateToLatest, type Store } from '../store/db';
import { ensureDemoSampleDatabase, seedDemo } from '../store/demo';
import { seed } from '../store/seed';
import { withStartupLock } from '../store/startup-lock';
import { type DataFolderMove, moveDataFolderIntoStore } from '../storage/move-data-folder';
import { openFileStorage } from '../storage/open';

export interface PreparedStore {
  /** Set only on the start that created the super administrator without RAKIT_ADMIN_PASSWORD. */
  generatedAdminPassword?: string;
  /** Whether this start created the demo application. */
  demoSeeded: boolean;
  /** What this start moved from an older version's data folder into the file storage. */
  folderMove: DataFolderMove;
}

/**
 * A starting replica's work on the shared store: migrations and the first seeding, once however
 * many replicas start together. They take turns under the store's start-up lock; the first does
 * the work, the next find it done (each step looks before it writes) and skip it.
 */
/** What a starting process reads of its configuration (config.ts's Config has it). */
export interface StartupSettings {
  dataDir: string;
  adminPassword: string | undefined;
  noDemo: boolean;
  lifecycle: { startupLockTimeoutMs: number };
}

export async function prepareStore(store: Store, config: StartupSettings): Promise<PreparedStore> {
  const prepared = await withStartupLock(store, config.lifecycle.startupLockTimeoutMs, async () => {
    await migrateToLatest(store);
    // Files an older version kept in this replica's data folder go into the shared storage
    // (idempotent: a file already stored is only removed from the folder).
    const folderMove = await moveDataFolderIntoStore(store, openFileStorage(store), config.dataDir);
    const seeded = await seed(store, config.adminPassword);
    // The demo's users get the administrator's password: the one given, or the one just generated.
    const demoPassword = config.adminPassword ?? seeded.generatedAdminPassword;
    const demoSeeded = demoPassword !== undefined && !config.noDemo && (await seedDemo(store, { dataDir: config.dataDir, password: demoPassword }));
    return { ...seeded, demoSeeded, folderMove };
  });
  // Outside the lock: the file is this replica's own, in its own data folder.
  await ensureDemoSampleDatabase(store, config.dataDir);
  return prepared;
}

/** A worker's start: the migrations only, under the same lock as the web replicas'. */
export const migrateUnderLock = (store: Store, config: Pick<StartupSettings, 'lifecycle'>): Promise<void> =>
  withStartupLock(store, config.lifecycle.startupLockTimeoutMs, () => migrateToLatest(store));
