import { type PassThrough } from 'node:stream';
import { AUDIT_EXPORT_MAX_ROWS, type AuditEntry, type AuditFilter, type AuditPage } from '@rakit/core';
import type { FastifyInstance } from 'fastify';
import { writeXlsx } from '../documents/excel-export';
import { flushAudit } from './record';
import { closeWriter } from '../store/sqlite-writer';
import { auditEntryChunks, type AuditRow, type AuditScope, listAuditEntries, pruneAuditLog } from '../store/repositories/audit-log';

/** Reading the audit log (issue 17): a page of it for the screens, all of it for the Excel export. */

function detailsOf(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value as Record<string, unknown> : {};
  } catch {
    return {};
  }
}

const toEntry = (row: AuditRow): AuditEntry => ({
  auditId: Number(row.auditId), at: row.at, actorId: row.actorId, appId: row.appId, appName: row.appName ?? null,
  action: row.action, entityType: row.entityType, entityId: row.entityId, summary: row.summary,
  details: detailsOf(row.details), sourceAddress: row.sourceAddress,
});

export async function auditPage(app: FastifyInstance, scope: AuditScope, filter: AuditFilter, page: number, pageSize: number): Promise<AuditPage> {
  await flushAudit(app.store);
  const { rows, total } = await listAuditEntries(app.store, scope, filter, page, pageSize);
  return { entries: rows.map(toEntry), total, page, pageSize };
}

const EXPORT_COLUMNS = {
  fields: ['at', 'actorId', 'appName', 'action', 'entityType', 'entityId', 'summary', 'details', 'sourceAddress'],
  headers: ['When (UTC)', 'Who', 'Application', 'Action', 'Entity', 'Entity id', 'Summary', 'Details', 'Address'],
};

/** The matching entries as an .xlsx sheet into `out`, newest first, with the table export's writer. */
export function writeAuditXlsx(app: FastifyInstance, out: PassThrough, scope: AuditScope, filter: AuditFilter): Promise<number> {
  async function* chunks() {
    await flushAudit(app.store);
    for await (const rows of auditEntryChunks(app.store, scope, filter, AUDIT_EXPORT_MAX_ROWS)) {
      yield rows.map((row) => ({ ...row, appName: row.appName ?? '' }));
    }
  }
  return writeXlsx(out, EXPORT_COLUMNS, chunks());
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Deletes the entries older than the operator's retention (RAKIT_AUDIT_RETENTION_DAYS; 0 keeps all). */
export async function pruneAudit(app: FastifyInstance, now = Date.now()): Promise<number> {
  const days = app.config.auditRetentionDays;
  if (days <= 0) return 0;
  return pruneAuditLog(app.store, new Date(now - days * DAY_MS).toISOString());
}

/**
 * The audit log's upkeep in this process: retention at start, then hourly (pruning by age is
 * idempotent, so every process may run it), and what waits to be appended is appended on close.
 */
export function installAuditLog(app: FastifyInstance): void {
  const prune = () => { void pruneAudit(app).catch((error: unknown) => app.log.error({ err: error }, 'pruning the audit log')); };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    prune();
    timer = setInterval(prune, 60 * 60 * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer !== undefined) clearInterval(timer);
    await flushAudit(app.store);
    await closeWriter(app.store);
  });
}
