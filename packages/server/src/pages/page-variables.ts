import { Messages, type PageVariables, requestVariableNamesIn } from '@rakit/core';
import type { Principal } from '../auth/principal';
import { savedComponents } from '../engine/page-cache';
import { notFound } from '../errors/http-errors';
import { cachedPage } from '../store/cached-reads';
import { listVariableRows } from '../store/repositories/app-variables';
import type { Services } from '../services';
import { assertMayReadPage } from './page-access';

/**
 * The plain variables a page's REQUEST actions use, by name, for a caller who may read the page
 * (issue 39): a REQUEST runs in the member's browser, so it sends what it names itself. Only
 * what the page names, and never a secret one: that stays on the server (queries, triggers,
 * workflow steps bind it there).
 */
export async function pageVariables(services: Services, caller: Principal, pageId: number): Promise<PageVariables> {
  const page = await cachedPage(services, pageId);
  if (page === undefined) throw notFound(Messages.pageNotFound);
  await assertMayReadPage(services, caller, page);
  const names = new Set(requestVariableNamesIn(savedComponents(page) ?? []));
  if (names.size === 0) return {};
  const rows = await listVariableRows(services.store, page.pageAppId);
  return Object.fromEntries(rows.filter((row) => row.secret === 0 && names.has(row.varName)).map((row) => [row.varName, row.varValue]));
}
