import { type FunctionParameter, type FunctionRun, LoadTableContentBodySchema, Messages, TEST_SAMPLE_ROWS } from '@rakit/core';
import type { Principal } from '../auth/principal';
import { notFound } from '../errors/http-errors';
import { asRun, typedOrThrow } from '../functions/run';
import { findDataWidget } from './data-widget';
import { loadContent } from './load-content';
import type { Services } from '../services';

// The Functions screen's Test panel lives beside the data widgets it samples: functions are the
// lower layer (tables run them to transform rows), so they never import tables.

/**
 * The Test panel: unsaved code with the author's values, and rows he sends or a sample of the
 * rows a data widget of his application loads (before any function); failures are answers.
 */
export async function testFunction(
  services: Services, caller: Principal, appId: number,
  input: {
    parameter: FunctionParameter[]; content: string; params: Record<string, unknown>;
    rows?: Record<string, unknown>[]; sample?: { pageId: number; componentId: string };
  },
): Promise<FunctionRun> {
  const params = typedOrThrow(input.parameter, input.params);
  let rows = input.rows;
  if (input.sample !== undefined) {
    const context = await findDataWidget(services, caller, input.sample);
    if (context.appId !== appId) throw notFound(Messages.dataWidgetNotFound);
    rows = (await loadContent(context, LoadTableContentBodySchema.parse({ ...input.sample, limit: TEST_SAMPLE_ROWS }))).filteredResult;
  }
  return asRun(await services.sandbox.run({
    appId, code: input.content, paramNames: input.parameter.map((p) => p.name), params, rows,
  }));
}
