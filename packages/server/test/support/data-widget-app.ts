import type { Component } from '@rakit/core';
import { expect } from 'vitest';
import type { TestServer } from './build';
import type { EngineName } from './engines';
import { type AppTable, createAppTable } from './fixtures';

/** The application of a data widget test, its table, its two pages, and the tokens of who calls. */
export interface DataWidgetApp {
  appId: number;
  appSlug: string;
  dbId: number;
  fixture: AppTable;
  /** The page the member's group reaches through a menu. */
  pageId: number;
  /** A page holding the same widgets that no menu of the member's group leads to. */
  hiddenPageId: number;
  admin: string;
  member: string;
  /** A user of main, no member of the application. */
  outsider: string;
}

export interface DataWidgetAppOptions {
  /** The builder (the application's administrator), the member and the outsider, registered with 'password-1'. */
  users: readonly [builder: string, member: string, outsider: string];
  appName: string;
  /** The name of the page the member reaches, and of its menu. */
  pageName: string;
  /** The table's name prefix and its statements (see createAppTable). */
  table: { prefix: string; createSql: (quoted: string, engine: EngineName) => string };
  /** The widgets of both pages, over the application's connection and the table. */
  widgets: (dbId: number, table: string) => Component[];
}

/**
 * An application with a table on `engine` and its connection, and two pages holding the same
 * data widgets: one the member's group reaches through a menu, one it does not.
 */
export async function dataWidgetApp(server: TestServer, engine: EngineName, options: DataWidgetAppOptions): Promise<DataWidgetApp> {
  const [builderId, memberId, outsiderId] = options.users;
  for (const user of options.users) await server.register(user, 'password-1');
  const builder = await server.login(builderId, 'password-1', 'main');
  const created = (await server.call('POST', '/save/saveApp', { appId: null, appName: options.appName, appDescription: '' }, builder)).json().data as { appId: number; appSlug: string };
  const admin = await server.login(builderId, 'password-1', created.appSlug);
  const furnished = await furnishDataWidgetApp(server, engine, { ...created, admin }, memberId, options);
  return { ...furnished, outsider: await server.login(outsiderId, 'password-1', 'main') };
}

/**
 * The table, connection, pages and member of dataWidgetApp in an application that exists
 * already (a hostile builder's, say); `memberId` must be registered.
 */
export async function furnishDataWidgetApp(
  server: TestServer, engine: EngineName, app: { appId: number; appSlug: string; admin: string }, memberId: string,
  options: Pick<DataWidgetAppOptions, 'pageName' | 'table' | 'widgets'>,
): Promise<Omit<DataWidgetApp, 'outsider'>> {
  const { appId, admin } = app;
  const fixture = await createAppTable(engine, server.app.services.config.dataDir, appId, options.table.prefix, options.table.createSql);
  const saved = await server.call('POST', '/save/saveDbConfig', { dbId: null, dbAppId: appId, ...fixture.dbBody }, admin);
  expect(saved.statusCode, saved.body).toBe(200);
  const dbId = saved.json().data.dbId as number;

  const pages = (await server.call('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName: options.pageName }, { pageId: null, pageName: 'Rahasia' }] }, admin)).json().data.pages;
  const pageId = pages[0].pageId as number;
  const hiddenPageId = pages[1].pageId as number;
  const components = JSON.stringify(options.widgets(dbId, fixture.table));
  const savedPages = await server.call('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: components }, { pageId: hiddenPageId, pageComponents: components }] }, admin);
  expect(savedPages.statusCode, savedPages.body).toBe(200);

  const groups = (await server.call('GET', `/auth/listgroup/${appId}`, undefined, admin)).json().data as { groupId: number; groupSlug: string }[];
  const memberGroup = groups.find((g) => g.groupSlug === 'member')?.groupId as number;
  await server.addToGroup(memberId, memberGroup);
  const menu = (await server.call('POST', '/save/saveMenu', { menuId: null, menuName: options.pageName, menuAppId: appId, menuPageId: pageId, menuParentMenuId: 0 }, admin)).json().data.menuId;
  await server.call('PUT', '/auth/updategroup', { groupId: memberGroup, groupAppId: appId, groupAccess: { menuId: [menu] } }, admin);
  return { appId, appSlug: app.appSlug, dbId, fixture, pageId, hiddenPageId, admin, member: await server.login(memberId, 'password-1', app.appSlug) };
}
