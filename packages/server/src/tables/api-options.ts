import { type ApiOptions, apiValueText, type LoadApiOptionsBody, MAX_API_OPTIONS, Messages } from '@rakit/core';
import { endpointPage } from '../apis/endpoint-pages';
import type { Principal } from '../auth/principal';
import { badRequest } from '../errors/http-errors';
import { endpointOfWidget } from './api-content';
import { apiEndpointOf, findOptionsWidget } from './data-widget';
import type { Services } from '../services';

/** Rows asked per page while reading options. */
const OPTION_PAGE_ROWS = 100;

/**
 * A dropdown's, radio's or checkbox's options from its API endpoint (issue 40): one per row, shown
 * by the widget's text column and giving its value column ('' : the text's), repeated values
 * left out (and a checkbox's values holding a comma, which its value would split), at most
 * MAX_API_OPTIONS. As a table's rows, reached only through a widget of a page
 * the caller may open.
 */
export async function loadApiOptions(services: Services, caller: Principal, body: LoadApiOptionsBody): Promise<ApiOptions> {
  const found = await findOptionsWidget(services, caller, body);
  if (apiEndpointOf(found.widget) === 0) throw badRequest(Messages.apiEndpointNotFound);
  const { endpoint, api } = await endpointOfWidget(services, found);
  const options = new Map<string, string>();
  let truncated = false;
  let withComma = 0;
  const { widget } = found;
  const joinsByComma = widget.type === 'checkbox';
  for (let index = 0; ; index++) {
    const page = await endpointPage({ api, endpoint, params: body.params, userId: caller.userId, search: '', filters: [], index, size: OPTION_PAGE_ROWS }, services.config, services.apiCursors);
    const textColumn = widget.optionTextColumn || page.columns[0]?.name || '';
    const valueColumn = widget.optionValueColumn || textColumn;
    for (const row of page.rows) {
      const value = apiValueText(row[valueColumn]);
      if (options.has(value)) continue;
      if (joinsByComma && value.includes(',')) {
        withComma++;
        continue;
      }
      if (options.size >= MAX_API_OPTIONS) {
        truncated = true;
        break;
      }
      options.set(value, apiValueText(row[textColumn]));
    }
    if (truncated || !page.hasNext || page.rows.length === 0) break;
  }
  return { options: [...options].map(([valueOption, textOption]) => ({ textOption, valueOption })), truncated, withComma };
}
