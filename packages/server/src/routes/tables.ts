import { tableCalls, widgetTypesThat } from '@rakit/core';
import type { FastifyPluginAsync } from 'fastify';
import { callAbort } from '../http/abandoned';
import { route } from '../http/route';
import { scanBarcode } from '../tables/barcode-scan';
import { findDataWidget } from '../tables/data-widget';
import { recordRowWrite } from '../tables/row-audit';
import { deleteRow, editRow, moveCard } from '../tables/row-writes';
import { countWidgetContent, loadWidgetContent } from '../tables/widget-content';

/**
 * Data widgets at runtime (spec 3): their rows, row edit and delete, kanban moves. The
 * browser names the widget of a saved page; the server builds every statement from the
 * widget's saved configuration and binds every value the browser sends.
 */
const tableRoutes: FastifyPluginAsync = async (app) => {
  for (const call of [tableCalls.loadTableContent, tableCalls.loadQueryContent]) {
    route(app, call, async ({ input: { body }, caller, reply }) => {
      return [await loadWidgetContent(app.services, caller, body, { abort: callAbort(reply), log: reply.log })];
    });
  }

  route(app, tableCalls.countTableContent, async ({ input: { body }, caller, reply }) =>
    [await countWidgetContent(app.services, caller, body, { abort: callAbort(reply) })]);

  route(app, tableCalls.scanBarcode, async ({ input: { body }, caller }) => scanBarcode(app.services, caller, body));

  route(app, tableCalls.editRow, async ({ input: { body }, caller }) => {
    const widget = await findDataWidget(app.services, caller, body);
    return [{ affectedRows: recordRowWrite(app.services, widget, await editRow(widget, body)) }];
  });

  route(app, tableCalls.deleteRow, async ({ input: { body }, caller }) => {
    const widget = await findDataWidget(app.services, caller, body);
    return [{ affectedRows: recordRowWrite(app.services, widget, await deleteRow(widget, body)) }];
  });

  route(app, tableCalls.moveCard, async ({ input: { body }, caller }) => {
    const widget = await findDataWidget(app.services, caller, body, widgetTypesThat('movesCards'));
    return [{ affectedRows: recordRowWrite(app.services, widget, await moveCard(widget, body)) }];
  });
};

export default tableRoutes;
