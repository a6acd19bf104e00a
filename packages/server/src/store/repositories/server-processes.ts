import type { Store } from '../db';

/** The server processes alive (issue 38): each refreshes its own row; a row gone stale is a process gone. */

/** This process is alive at `seenAt` (ISO). */
export async function markProcessSeen(db: Store, processId: string, seenAt: string): Promise<void> {
  const updated = await db.updateTable('serverProcesses').set({ seenAt }).where('processId', '=', processId).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) await db.insertInto('serverProcesses').values({ processId, seenAt }).execute();
}

/** When the process was last seen (ISO), or null when it never was (or stopped over a day ago). */
export async function processLastSeen(db: Store, processId: string): Promise<string | null> {
  const row = await db.selectFrom('serverProcesses').select('seenAt').where('processId', '=', processId).executeTakeFirst();
  return row?.seenAt ?? null;
}

/** The rows of processes not seen since `before` (ISO): processes long stopped. */
export async function forgetProcessesNotSeenSince(db: Store, before: string): Promise<void> {
  await db.deleteFrom('serverProcesses').where('seenAt', '<', before).execute();
}
