import { z } from 'zod';
import { defineCall, FILE_ANSWER, lazyCalls } from './contract';

/** Entries in one page of the audit log at most. */
export const AUDIT_PAGE_SIZE_MAX = 200;
export const AUDIT_PAGE_SIZE_DEFAULT = 50;
/** Entries in one Excel export of the audit log at most (the newest that match). */
export const AUDIT_EXPORT_MAX_ROWS = 100_000;
/** The action of a refused sign-in (the others are the names of the calls in `calls`). */
export const LOGIN_FAILED_ACTION = 'loginFailed';
/** The action of a workflow run started, whoever started it (a trigger, the editor, a chain). */
export const WORKFLOW_RUN_STARTED_ACTION = 'workflowRunStarted';

/** One recorded act: who, when, from where, in which application, what and on what. */
export const AuditEntrySchema = z.object({
  auditId: z.number().int(),
  /** ISO-8601 UTC. */
  at: z.string(),
  /** null: the system (a workflow run a trigger started). */
  actorId: z.string().nullable(),
  appId: z.number().int().nullable(),
  appName: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  summary: z.string(),
  /** What was changed: the call's input or the row's changed columns with their old and new values; secrets redacted. */
  details: z.record(z.string(), z.unknown()),
  sourceAddress: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  /** Entries that match the filters. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;

const optionalText = (max: number) => z.string().trim().max(max).optional().transform((v) => (v === '' ? undefined : v));
/** A day (2026-11-25) or an instant (ISO-8601); `to` as a day includes that whole day. */
const when = z.string().trim().optional().transform((v) => (v === '' ? undefined : v))
  .refine((v) => v === undefined || !Number.isNaN(Date.parse(v)), 'A date is YYYY-MM-DD or an ISO-8601 time');

/** The filters of the audit log, shared by its list and its export. */
export const AuditFilterSchema = z.object({
  /** The user who did it (exact id). */
  actor: optionalText(100),
  /** The action (a call's name: saveApp, editRow, login, loginFailed…). */
  action: optionalText(64),
  entityType: optionalText(32),
  entityId: optionalText(200),
  from: when,
  to: when,
});
export type AuditFilter = z.infer<typeof AuditFilterSchema>;

const paging = {
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(AUDIT_PAGE_SIZE_MAX).default(AUDIT_PAGE_SIZE_DEFAULT),
};
const appId = z.coerce.number({ error: 'Name the application: appId' }).int().positive();
const AppAuditQuerySchema = AuditFilterSchema.extend({ appId, ...paging });
const AllAuditQuerySchema = AuditFilterSchema.extend({ appId: appId.optional(), ...paging });
const AppAuditExportSchema = AuditFilterSchema.extend({ appId });
const AllAuditExportSchema = AuditFilterSchema.extend({ appId: appId.optional() });

/**
 * The audit log (issue 17): read-only. An application's administrators read their
 * application's entries; the super administrator reads every application's (and what belongs
 * to none: refused sign-ins, the Third Parties). Nothing in the API writes or deletes entries:
 * the server appends them as calls change things, and the operator's retention prunes them.
 */
export const auditCalls = lazyCalls(() => ({
  listAuditLog: defineCall({
    method: 'GET', path: '/audit/list', tag: 'audit',
    summary: 'An application\'s audit log, newest first, filtered and paged (its administrators)',
    query: AppAuditQuerySchema,
    data: AuditPageSchema,
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.query.appId } },
  }),
  listAllAuditLog: defineCall({
    method: 'GET', path: '/audit/listAll', tag: 'audit',
    summary: 'The audit log of every application, newest first, filtered (appId: one application) and paged (super administrator)',
    query: AllAuditQuerySchema,
    data: AuditPageSchema,
    access: { level: 'superAdmin' },
  }),
  exportAuditLog: defineCall({
    method: 'GET', path: '/audit/export', tag: 'audit',
    summary: 'An application\'s audit log as an .xlsx download, with the list\'s filters (its administrators)',
    description: `The newest ${AUDIT_EXPORT_MAX_ROWS} entries that match at most. Bearer token in the Authorization header.`,
    query: AppAuditExportSchema,
    data: FILE_ANSWER,
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.query.appId } },
  }),
  exportAllAuditLog: defineCall({
    method: 'GET', path: '/audit/exportAll', tag: 'audit',
    summary: 'The audit log of every application as an .xlsx download, with the list\'s filters (super administrator)',
    description: `The newest ${AUDIT_EXPORT_MAX_ROWS} entries that match at most. Bearer token in the Authorization header.`,
    query: AllAuditExportSchema,
    data: FILE_ANSWER,
    access: { level: 'superAdmin' },
  }),
}));
