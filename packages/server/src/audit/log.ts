import { type PassThrough } from 'node:stream';
import { AUDIT_EXPORT_MAX_ROWS, type AuditEntry, type AuditFilter, type AuditPage, type Language } from '@rakit/core';
import { localiseParts, translate } from '@rakit/core/translate';
import { writeXlsx } from '../documents/excel-export';
import { flushAudit } from './record';
import { closeWriter } from '../store/sqlite-writer';
import { everyHour } from '../lifecycle/every-hour';
import { auditEntryChunks, type AuditRow, type AuditScope, listAuditEntries, pruneAuditLog } from '../store/repositories/audit-log';
import { storedParts } from '../store/stored-parts';
import type { Services } from '../services';

/** Reading the audit log (issue 17): a page of it for the screens, all of it for the Excel export. */

function detailsOf(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value as Record<string, unknown> : {};
  } catch {
    return {};
  }
}

/** An entry's summary in the reader's language (one recorded before summaries had pieces: as stored, a text of messages.json in it translated). */
const summaryOf = (row: AuditRow, language: Language): string => localiseParts(language, storedParts(row.summaryText, row.summary));

const toEntry = (row: AuditRow, language: Language): AuditEntry => ({
  auditId: Number(row.auditId), at: row.at, actorId: row.actorId, appId: row.appId, appName: row.appName ?? null,
  action: row.action, entityType: row.entityType, entityId: row.entityId, summary: summaryOf(row, language),
  details: detailsOf(row.details), sourceAddress: row.sourceAddress,
});

export async function auditPage(services: Services, scope: AuditScope, filter: AuditFilter, page: number, pageSize: number, language: Language): Promise<AuditPage> {
  await flushAudit(services.store);
  const { rows, total } = await listAuditEntries(services.store, scope, filter, page, pageSize);
  return { entries: rows.map((row) => toEntry(row, language)), total, page, pageSize };
}

/** The export's columns; the action, the entity and the details stay as recorded (they are what the list filters by). */
const EXPORT_FIELDS = ['at', 'actorId', 'appName', 'action', 'entityType', 'entityId', 'summary', 'details', 'sourceAddress'] as const;
const EXPORT_HEADERS = {
  at: 'audit.export.at', actorId: 'audit.export.actor', appName: 'audit.export.app', action: 'audit.export.action', entityType: 'audit.export.entity',
  entityId: 'audit.export.entityId', summary: 'audit.export.summary', details: 'audit.export.details', sourceAddress: 'audit.export.address',
} as const satisfies Record<(typeof EXPORT_FIELDS)[number], string>;

/** The matching entries as an .xlsx sheet into `out`, newest first, with the table export's writer, in the reader's language. */
export function writeAuditXlsx(services: Services, out: PassThrough, scope: AuditScope, filter: AuditFilter, language: Language): Promise<number> {
  async function* chunks() {
    await flushAudit(services.store);
    for await (const rows of auditEntryChunks(services.store, scope, filter, AUDIT_EXPORT_MAX_ROWS)) {
      yield rows.map((row) => ({ ...row, appName: row.appName ?? '', summary: summaryOf(row, language) }));
    }
  }
  const columns = { fields: [...EXPORT_FIELDS], headers: EXPORT_FIELDS.map((field) => translate(language, EXPORT_HEADERS[field])) };
  return writeXlsx(out, columns, chunks());
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Deletes the entries older than the operator's retention (RAKIT_AUDIT_RETENTION_DAYS; 0 keeps all). */
export async function pruneAudit(services: Services, now = Date.now()): Promise<number> {
  const days = services.config.auditRetentionDays;
  if (days <= 0) return 0;
  return pruneAuditLog(services.store, new Date(now - days * DAY_MS).toISOString());
}

/**
 * The audit log's upkeep in this process: retention at start, then hourly (pruning by age is
 * idempotent, so every process may run it), and what waits to be appended is appended when the process stops.
 */
export function installAuditWriter(services: Services): void {
  everyHour(services, 'pruning the audit log', () => pruneAudit(services));
  services.lifecycle.whenStopped(async () => {
    await flushAudit(services.store);
    await closeWriter(services.store);
  });
}
