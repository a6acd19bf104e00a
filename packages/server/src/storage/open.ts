import type { Store } from '../store/db';
import type { FileStorage } from './file-storage';
import { StoreFileStorage } from './store-file-storage';

/**
 * The server's file storage: the metadata store, shared by every replica. An object-storage
 * implementation (see file-storage.ts) would be chosen here from a setting, e.g. a
 * RAKIT_FILE_STORAGE=s3://bucket/prefix URL with the usual AWS_* credentials.
 */
export function openFileStorage(store: Store): FileStorage {
  return new StoreFileStorage(store);
}
