import { auditCalls } from '@rakit/core';
import type { FastifyPluginAsync } from 'fastify';
import { auditPage, writeAuditXlsx } from '../audit/log';
import { recordAudit } from '../audit/record';
import { sendXlsx } from '../http/send-xlsx';
import { requestLanguage } from '../http/language';
import { route } from '../http/route';

/** The audit log (issue 17): an application's for its administrators, every one's for the super administrator. */
const auditRoutes: FastifyPluginAsync = async (app) => {
  for (const call of [auditCalls.listAuditLog, auditCalls.listAllAuditLog]) {
    route(app, call, async ({ input: { query }, request }) => auditPage(app.services, { appId: query.appId }, query, query.page, query.pageSize, requestLanguage(request)));
  }
  for (const call of [auditCalls.exportAuditLog, auditCalls.exportAllAuditLog]) {
    route(app, call, async ({ input: { query }, request, reply, audit }) => {
      // Recorded before the download starts: a file's answer goes out as it is written.
      await recordAudit(app.services.store, audit, { appId: query.appId ?? null, entityType: 'auditLog', summary: { key: 'audit.logExported' } });
      return sendXlsx(request, reply, 'audit-log', (out) => writeAuditXlsx(app.services, out, { appId: query.appId }, query, requestLanguage(request)));
    });
  }
};

export default auditRoutes;
