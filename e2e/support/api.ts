import type { Page } from 'playwright-core';
import { baseUrl } from './browser';
import { signInToDemo } from './demo';

/** An answer of the API with its HTTP status. */
export interface Answer<T = never> {
  httpStatus: number;
  status: boolean;
  data: T;
  error?: string[];
}

/** Calls the API as the holder of `token`, the way the author's part of a spec is set up. */
export function apiAs(token: string) {
  return async <T = never>(method: string, path: string, body?: unknown): Promise<Answer<T>> => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(new URL(path, baseUrl()), { method, headers, body: body === undefined ? null : JSON.stringify(body) });
    return { httpStatus: response.status, ...((await response.json()) as Omit<Answer<T>, 'httpStatus'>) };
  };
}
export type Api = ReturnType<typeof apiAs>;

/** The token of `userId` signed in to the demo application. */
export async function demoToken(userId: string, password: string): Promise<string> {
  const response = await fetch(new URL('/auth/login', baseUrl()), {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId, password, appSlug: 'demo' }),
  });
  return ((await response.json()) as { data: { token: string }[] }).data[0]?.token ?? '';
}

export async function demoAppId(): Promise<number> {
  return ((await (await fetch(new URL('/get/getApp/slug/demo', baseUrl()))).json()) as { data: { appId: number } }).data.appId;
}

/** A parent menu `name` with one sub-menu per page, all reachable by the demo's staff group. */
export async function menuForStaff(api: Api, appId: number, name: string, pages: readonly (readonly [menuName: string, pageId: number])[]): Promise<void> {
  const saveMenu = async (menuName: string, menuPageId: number, menuParentMenuId: number) =>
    (await api<{ menuId: number }>('POST', '/save/saveMenu', { menuId: null, menuName, menuAppId: appId, menuPageId, menuParentMenuId })).data.menuId;
  const parent = await saveMenu(name, 0, 0);
  const menuIds = [parent];
  for (const [menuName, pageId] of pages) menuIds.push(await saveMenu(menuName, pageId, parent));
  const groups = (await api<{ groupId: number; groupSlug: string }[]>('GET', `/auth/listgroup/${appId}`)).data;
  const staff = groups.find((g) => g.groupSlug === 'staff')?.groupId;
  const granted = await api('PUT', '/auth/updategroup', { groupId: staff, groupAppId: appId, groupAccess: { menuId: menuIds } });
  if (!granted.status) throw new Error(`staff could not be given the menu: ${granted.error?.join(', ')}`);
}

/** The demo's own SQLite shop database, and its name in the editor's Database fields. */
export async function demoShopDatabase(api: Api): Promise<{ dbId: number; label: string }> {
  const databases = (await api<{ dbId: number; dbDatabase: string; dbType: string }[]>('GET', `/get/listDatabase/${await demoAppId()}`)).data;
  const shop = databases.find((d) => d.dbDatabase === 'demo-shop.db');
  if (shop === undefined) throw new Error('the demo has no shop database');
  return { dbId: shop.dbId, label: `${shop.dbDatabase} (${shop.dbType} #${shop.dbId})` };
}

/** A built workflow of the demo application: one Set Variable step of these values (templates of $0), as its administrator makes it. */
export async function builtDemoWorkflow(api: Api, name: string, values: string): Promise<number> {
  const workflowId = (await api<{ chainId: number }>('POST', '/save/saveWorkflow', { chainId: null, chainAppId: await demoAppId(), chainName: name, chainTrigger: null })).data.chainId;
  const step = { actionId: null, actionChainId: workflowId, actionAlias: 'Step', addonName: 'variable', actionParams: JSON.stringify({ values }) };
  if (!(await api('POST', '/save/saveAction', step)).status) throw new Error('the step could not be saved');
  if (!(await api('POST', `/action/buildWorkflow/${workflowId}`)).status) throw new Error('the workflow could not be built');
  return workflowId;
}

/** Opens a workflow in the demo's editor, signed in as its administrator, at 1366 px. */
export async function openDemoWorkflow(page: Page, workflowId: number): Promise<void> {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInToDemo(page);
  await page.goto(`/demo/workflow?workflow=${workflowId}`);
}
