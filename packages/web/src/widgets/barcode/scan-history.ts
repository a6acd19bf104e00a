import type { ResultRow, RowValues } from '@rakit/core';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { OFFLINE_KEPT } from '../../offline/offline-cache';
import type { QueuedWrite } from '../../offline/write-queue';

/** How a scan's first action went; 'waiting': kept on the device until the network returns (issue 38). */
export type ScanSync = 'syncing' | 'synced' | 'failed' | 'waiting';

/** One line of the scan history: the row found (null: none matched, or not looked up yet) and its sync state. */
export interface ScanEntry {
  id: string;
  code: string;
  row: RowValues | null;
  sync: ScanSync | null;
  /** The kept write of a scan made offline: its line follows that write. */
  writeKey?: string;
}

/** The newest lines a widget's history keeps on the device. */
export const SCAN_HISTORY_KEPT = 200;

/** Where a barcode widget's history is kept: in the signed-in user's kept answers, so signing out removes it. */
const historyKey = (appSlug: string, pageId: number, componentId: string) => ['barcode-history', appSlug, pageId, componentId] as const;

/** Where the row a code named is kept, for looking it up again without a network. */
export const keptScanKey = (appSlug: string, pageId: number, componentId: string, code: string) =>
  ['barcode-scan', appSlug, pageId, componentId, code.trim().toLowerCase()] as const;

/** Keeps the row a code named (null: none) in the user's kept answers, for a scan of it without a network. */
export function keepScannedRow(queryClient: QueryClient, appSlug: string, pageId: number, componentId: string, code: string, row: RowValues | null): void {
  const queryKey = keptScanKey(appSlug, pageId, componentId, code);
  // Built with its meta first: setQueryData alone makes a query the device does not keep.
  queryClient.getQueryCache().build(queryClient, { queryKey, ...OFFLINE_KEPT });
  queryClient.setQueryData(queryKey, row);
}

/**
 * A barcode widget's scan history, kept on the device with the user's other kept answers (it
 * survives a reload and an app closed offline; signing out removes it), newest first.
 */
export function useScanHistory(appSlug: string, pageId: number | null, componentId: string) {
  const queryClient = useQueryClient();
  const key = historyKey(appSlug, pageId ?? -1, componentId);
  const { data } = useQuery({
    queryKey: key,
    // Never asked of a server: what the page added is the answer (an invalidation keeps it).
    queryFn: () => queryClient.getQueryData<ScanEntry[]>(key) ?? [],
    staleTime: Infinity,
    networkMode: 'always',
    enabled: pageId !== null,
    ...OFFLINE_KEPT,
  });
  return {
    history: data ?? [],
    update: (change: (now: readonly ScanEntry[]) => readonly ScanEntry[]) => {
      queryClient.setQueryData<readonly ScanEntry[]>(key, (now = []) => change(now).slice(0, SCAN_HISTORY_KEPT));
    },
  };
}

/** The line of a scan kept offline, once its write was sent: the row the server found, synced. */
export function markScanSent(queryClient: QueryClient, write: QueuedWrite, row: ResultRow | null): void {
  const key = historyKey(write.appSlug, write.pageId, write.componentId);
  queryClient.setQueryData<readonly ScanEntry[]>(key, (now) =>
    now?.map((entry) => (entry.writeKey === write.key ? { ...entry, row: row ?? entry.row, sync: 'synced' } : entry)));
}
