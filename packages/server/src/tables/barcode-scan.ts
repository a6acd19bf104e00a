import { Messages, type ResultRow, type ScanBarcodeBody } from '@rakit/core';
import type { Principal } from '../auth/principal';
import { badRequest } from '../errors/http-errors';
import { contentPlan } from './content-plan';
import { exactMatchStatement } from './content-query';
import { findDataWidget } from './data-widget';
import { run, widgetRead } from './run';
import { hasTransform, transformed } from './transform';
import type { Services } from '../services';

/**
 * A barcode scan (spec 3 §4): the row of the barcode widget whose first mapped column equals
 * the code, case-insensitive, read from the widget's table or custom query with the code
 * bound; [] when no row matches. The widget is found as a table load finds it, so a member
 * scans only on pages his groups reach. A found row passes through the widget's function
 * (functionId) as a table's rows do: it may add columns, or drop the row (then none is found).
 */
export async function scanBarcode(services: Services, caller: Principal, body: ScanBarcodeBody): Promise<ResultRow[]> {
  const context = await findDataWidget(services, caller, body, ['barcode']);
  const plan = await contentPlan(context);
  const first = plan.columns[0]?.field;
  if (first === undefined) throw badRequest(Messages.barcodeNoColumn);
  const { rows } = await run(context.source, exactMatchStatement(plan, first, body.code.trim()), widgetRead(plan, undefined, 1));
  const found = rows.slice(0, 1);
  const { functionId } = context.widget;
  if (found.length === 0 || !hasTransform({ functionId })) return found;
  return (await transformed(services, { caller, appId: context.appId, functionId }, found)).slice(0, 1);
}
