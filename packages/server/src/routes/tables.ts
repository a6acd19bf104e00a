import { DeleteRowBodySchema, EditRowBodySchema, LoadTableContentBodySchema, MoveCardBodySchema, widgetTypesThat } from '@rakit/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findDataWidget } from '../tables/data-widget';
import { loadContent } from '../tables/load-content';
import { deleteRow, editRow, moveCard } from '../tables/row-writes';

/**
 * Data widgets at runtime (spec 3): their rows, row edit and delete, kanban moves. The
 * browser names the widget of a saved page; the server builds every statement from the
 * widget's saved configuration and binds every value the browser sends.
 */
const tableRoutes: FastifyPluginAsyncZod = async (app) => {
  const loadSchema = {
    tags: ['tables'],
    body: LoadTableContentBodySchema,
    description: 'Answers data[0] = { count, pageCount, page, limit, columns: [{ label, field }], primaryKey, '
      + 'possibleFilters: [{ field, column, type, options }], filteredResult: rows keyed by source column }. '
      + 'Members: widgets of pages their groups reach; administrators: any page of their application.',
  };
  for (const url of ['/get/loadTableContent', '/get/loadQueryContent']) {
    app.post(url, {
      schema: { ...loadSchema, summary: 'One page of a data widget\'s rows (table, chart, kanban, loader, barcode; a table or its custom query), searched and filtered' },
    }, async (request) => {
      const context = await findDataWidget(app, request, request.body);
      return { status: true, data: [await loadContent(context, request.body)] };
    });
  }

  app.post('/action/editRow', {
    schema: {
      tags: ['tables'],
      summary: 'Set the changed columns of one row, by primary key, through an EDIT action of the widget',
      description: 'Columns allowed: the action\'s editFields, or the widget\'s shown columns; never the key. Answers data[0] = { affectedRows }.',
      body: EditRowBodySchema,
    },
  }, async (request) => {
    const context = await findDataWidget(app, request, request.body);
    return { status: true, data: [{ affectedRows: await editRow(context, request.body) }] };
  });

  app.post('/action/deleteRow', {
    schema: {
      tags: ['tables'],
      summary: 'Delete one row, by primary key, through a DELETE action of the widget',
      description: 'Answers data[0] = { affectedRows }.',
      body: DeleteRowBodySchema,
    },
  }, async (request) => {
    const context = await findDataWidget(app, request, request.body);
    return { status: true, data: [{ affectedRows: await deleteRow(context, request.body) }] };
  });

  app.post('/action/moveCard', {
    schema: {
      tags: ['tables'],
      summary: 'Move a kanban card: set its compared column (fieldMap.compared) to one of the kanban\'s group values',
      description: 'Answers data[0] = { affectedRows }.',
      body: MoveCardBodySchema,
    },
  }, async (request) => {
    const context = await findDataWidget(app, request, request.body, widgetTypesThat('movesCards'));
    return { status: true, data: [{ affectedRows: await moveCard(context, request.body) }] };
  });
};

export default tableRoutes;
