import { recordAfterCommit } from '../audit/record';
import type { WidgetContext } from './data-widget';
import type { RowWrite } from './row-writes';
import type { Services } from '../services';

/** The details of a row write's entry: each changed column's old and new value, or a deleted row's every column. */
function rowDetails(where: { pageId: number; componentId: string; dbId: number }, write: RowWrite): Record<string, unknown> {
  const { after, before } = write;
  const base = { table: write.table, key: write.key, ...where };
  if (after === undefined) return { ...base, deleted: before };
  const changes: Record<string, { old: unknown; new: unknown }> = {};
  for (const column of Object.keys(after)) changes[column] = { old: before[column] ?? null, new: after[column] };
  return { ...base, changes };
}

/**
 * A member's row write in the audit log (issue 17): its table, key, and each changed column's
 * old and new value (a deleted row's every column). The row lives in the application's own
 * database, which cannot share a transaction with the metadata store: this is recorded right
 * after that write committed (its details are built when the entry is appended, off the
 * member's call), and answers its affected rows.
 */
export function recordRowWrite(services: Services, context: WidgetContext, write: RowWrite): number {
  const where = { pageId: context.pageId, componentId: context.widget.id, dbId: context.dbId };
  const key = typeof write.key === 'object' && write.key !== null ? JSON.stringify(write.key) : String(write.key);
  recordAfterCommit(services.store, context.caller.audit, {
    appId: context.appId,
    entityType: 'row',
    entityId: `${write.table}:${key}`,
    summary: write.after === undefined
      ? { key: 'audit.rowDeleted', values: { key, table: write.table } }
      : { key: 'audit.rowChanged', values: { columns: Object.keys(write.after).join(', '), key, table: write.table } },
    details: () => rowDetails(where, write),
  }, (error, entries) => services.log.error({ err: error, entries }, 'audit entries of row writes could not be appended'));
  return write.affectedRows;
}
