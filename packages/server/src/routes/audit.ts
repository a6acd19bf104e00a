import { auditCalls } from '@rakit/core';
import type { FastifyPluginAsync } from 'fastify';
import { auditPage, writeAuditXlsx } from '../audit/log';
import { sendXlsx } from '../documents/excel-export';
import { route } from '../http/route';

/** The audit log (issue 17): an application's for its administrators, every one's for the super administrator. */
const auditRoutes: FastifyPluginAsync = async (app) => {
  for (const call of [auditCalls.listAuditLog, auditCalls.listAllAuditLog]) {
    route(app, call, async ({ input: { query } }) => auditPage(app, { appId: query.appId }, query, query.page, query.pageSize));
  }
  for (const call of [auditCalls.exportAuditLog, auditCalls.exportAllAuditLog]) {
    route(app, call, async ({ input: { query }, request, reply }) =>
      sendXlsx(request, reply, 'audit-log', (out) => writeAuditXlsx(app, out, { appId: query.appId }, query)));
  }
};

export default auditRoutes;
