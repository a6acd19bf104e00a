import { type LoadTableContentBody, type TableContent, type TableCount } from '@rakit/core';
import type { Principal } from '../auth/principal';
import { loadApiContent, readsApi } from './api-content';
import { findPageWidget, withConnection, type WidgetContext } from './data-widget';
import { countContent, loadContent, withTransform } from './load-content';
import type { Services } from '../services';

/** What a call gives a load besides its body: its cancel and its logger. */
type CallContext = Pick<WidgetContext, 'abort' | 'log'>;

/**
 * A data widget's page of rows, from its connection or from its API endpoint (issue 40), passed
 * through the widget's function when it has one.
 */
export async function loadWidgetContent(services: Services, caller: Principal, body: LoadTableContentBody, call: CallContext): Promise<TableContent> {
  const found = await findPageWidget(services, caller, body);
  const content = readsApi(found)
    ? await loadApiContent(services, found, body, call.abort?.signal)
    : await loadContent({ ...await withConnection(services, found), ...call }, body);
  return withTransform(services, found, body, content);
}

/** The bounded count of a load; an API's rows are counted with their page (never pending), so this reads the page again. */
export async function countWidgetContent(services: Services, caller: Principal, body: LoadTableContentBody, call: CallContext): Promise<TableCount> {
  const found = await findPageWidget(services, caller, body);
  if (readsApi(found)) {
    const { count, countCapped, pageCount } = await loadApiContent(services, found, body, call.abort?.signal);
    return { count, countCapped, pageCount };
  }
  return countContent({ ...await withConnection(services, found), ...call }, body);
}
