import type { FastifyInstance } from 'fastify';
import { recordAfterCommit } from '../audit/record';
import type { WidgetContext } from './data-widget';
import type { RowWrite } from './row-writes';

/**
 * A member's row write in the audit log (issue 17): its table, key, and each changed column's
 * old and new value (a deleted row's every column). The row lives in the application's own
 * database, which cannot share a transaction with the metadata store: this is recorded right
 * after that write committed, and answers its affected rows.
 */
export function recordRowWrite(app: FastifyInstance, context: WidgetContext, write: RowWrite): number {
  const changes = write.after === undefined ? undefined
    : Object.fromEntries(Object.entries(write.after).map(([column, value]) => [column, { old: write.before[column] ?? null, new: value }]));
  const key = typeof write.key === 'object' && write.key !== null ? JSON.stringify(write.key) : String(write.key);
  recordAfterCommit(app.store, {
    appId: context.appId,
    entityType: 'row',
    entityId: `${write.table}:${key}`,
    summary: changes === undefined
      ? `Deleted row ${key} of ${write.table}`
      : `Changed ${Object.keys(changes).join(', ')} of row ${key} in ${write.table}`,
    details: {
      table: write.table, key: write.key, pageId: context.pageId, componentId: context.widget.id, dbId: context.dbId,
      ...(changes === undefined ? { deleted: write.before } : { changes }),
    },
  }, (error, entries) => app.log.error({ err: error, entries }, 'audit entries of row writes could not be appended'));
  return write.affectedRows;
}
