import { auditCalls, type AuditFilter } from '@rakit/core';
import { callApi, fetchFile } from './request';

/** The filters of the audit log screens: what the person typed, blanks left out by the server. */
export type AuditQuery = { [K in keyof AuditFilter]?: string };

/**
 * The audit log, read on behalf of the user signed in to `appSlug`: one application's
 * (its administrators), or every application's (the super administrator, appId optional).
 */
export const auditApi = (appSlug: string) => ({
  listAuditLog: (appId: number, filter: AuditQuery, page: number, pageSize: number) =>
    callApi(auditCalls.listAuditLog, { query: { ...filter, appId, page, pageSize } }, appSlug),

  listAllAuditLog: (appId: number | undefined, filter: AuditQuery, page: number, pageSize: number) =>
    callApi(auditCalls.listAllAuditLog, { query: { ...filter, appId, page, pageSize } }, appSlug),

  exportAuditLog: (appId: number, filter: AuditQuery) => fetchFile(auditCalls.exportAuditLog, { query: { ...filter, appId } }, appSlug),

  exportAllAuditLog: (appId: number | undefined, filter: AuditQuery) => fetchFile(auditCalls.exportAllAuditLog, { query: { ...filter, appId } }, appSlug),
});
