import { type chart, findComponent, type kanban, type loader, Messages, type table, type WidgetComponent, widgetTypesThat } from '@rakit/core';
import { savedComponents } from '../engine/page-cache';
import type { z } from 'zod';
import type { Principal } from '../auth/principal';
import type { DataSource, DataSourceType } from '../datasources/types';
import { badRequest, notFound } from '../errors/http-errors';
import { dataSourceOf } from '../connections/data-source-of';
import { assertMayReadPage } from '../pages/page-access';
import { cachedDbConfig, cachedPage } from '../store/cached-reads';
import type { Services } from '../services';

type TableWidget = z.infer<typeof table.schema>;
type KanbanWidget = z.infer<typeof kanban.schema>;
/** A saved data widget: the shared data source fields, with the extras of the table and the kanban. */
export type DataWidget = (TableWidget | KanbanWidget | z.infer<typeof chart.schema> | z.infer<typeof loader.schema>)
  & Partial<Pick<TableWidget, 'filters' | 'search'>> & Partial<Pick<KanbanWidget, 'fieldMap' | 'groups'>>;

/** A data widget of a saved page the caller may open, with the connection it reads. */
export interface WidgetContext {
  caller: Principal;
  pageId: number;
  appId: number;
  widget: DataWidget;
  dbId: number;
  dbType: DataSourceType;
  source: DataSource;
  /**
   * Cancels the call's statements: aborted when the caller went away (a newer keystroke, a closed
   * tab), and by loadContent when one of them failed. One is made when the call brings none.
   */
  abort?: AbortController;
  /** The call's logger (the search planner's choices at debug level); none outside a call. */
  log?: { debug(details: object, message: string): void };
}

/** A data widget of a saved page the caller may open, before its source is opened. */
export interface PageWidget<W = DataWidget> {
  caller: Principal;
  pageId: number;
  appId: number;
  widget: W;
}

/** A choice widget whose options an endpoint of the application's APIs may give (issue 40). */
export type OptionsWidget = WidgetComponent<'checkbox' | 'radio' | 'dropdown'>;

/** The endpoint of the application's APIs a widget reads (issue 40), or 0 when it reads a database. */
export const apiEndpointOf = (widget: { apiEndpointId?: unknown }): number => {
  const id = widget.apiEndpointId;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : 0;
};

/**
 * Finds the data widget `componentId` on the saved page `pageId` for the caller: 404 for a
 * missing page, 403 when his groups do not reach it (administrators of the application reach
 * every page), 404 when the page holds no data widget of an accepted type with that id.
 */
export async function findPageWidget(
  services: Services,
  caller: Principal,
  ref: { pageId: number; componentId: string },
  types: readonly string[] = widgetTypesThat('loadsRows'),
): Promise<PageWidget> {
  const found = await findPageComponent(services, caller, ref, types);
  // Parsed by its own model's schema (core's parsePageComponents), of one of the data types.
  return { ...found, widget: found.widget as unknown as DataWidget };
}

/** A choice widget of a saved page the caller may open, whose options an endpoint may give. */
export async function findOptionsWidget(services: Services, caller: Principal, ref: { pageId: number; componentId: string }): Promise<PageWidget<OptionsWidget>> {
  const found = await findPageComponent(services, caller, ref, widgetTypesThat('optionsFromApi'));
  return { ...found, widget: found.widget as unknown as OptionsWidget };
}

async function findPageComponent(services: Services, caller: Principal, ref: { pageId: number; componentId: string }, types: readonly string[]) {
  const page = await cachedPage(services, ref.pageId);
  if (page === undefined) throw notFound(Messages.pageNotFound);
  await assertMayReadPage(services, caller, page);
  const components = savedComponents(page);
  const component = components === undefined ? undefined : findComponent(components, ref.componentId);
  if (component === undefined || !types.includes(component.type)) throw notFound(Messages.dataWidgetNotFound);
  return { caller, pageId: page.pageId, appId: page.pageAppId, widget: component };
}

/** The widget's connection, which must belong to the page's application; a widget reading an API has none (its rows are read only). */
export async function withConnection(services: Services, found: PageWidget): Promise<WidgetContext> {
  const { widget } = found;
  if (apiEndpointOf(widget) > 0) throw badRequest(Messages.apiRowsReadOnly);
  const dbId = Number(widget.database_used);
  if (!Number.isInteger(dbId) || dbId <= 0) throw badRequest(Messages.tableNotConfigured);
  const db = await cachedDbConfig(services, dbId);
  if (db === undefined || db.dbAppId !== found.appId) throw notFound(Messages.databaseNotFound);
  const source = await dataSourceOf(services, db);
  return { ...found, dbId, dbType: db.dbType as DataSourceType, source };
}

/** findPageWidget, then the widget's connection (withConnection). */
export async function findDataWidget(
  services: Services,
  caller: Principal,
  ref: { pageId: number; componentId: string },
  types: readonly string[] = widgetTypesThat('loadsRows'),
): Promise<WidgetContext> {
  return withConnection(services, await findPageWidget(services, caller, ref, types));
}
