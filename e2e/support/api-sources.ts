import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Component } from '@rakit/core';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Api } from './api';
import { accessibilityViolations } from './axe';
import { snapshot } from './browser';

/**
 * What the specs of APIs as data sources (issue 40) share: an HTTP API of their own on loopback
 * (the e2e operator allows 127.0.0.1 with RAKIT_ALLOWED_URL_HOSTS, global-setup.ts), and the
 * administrator's calls that save an API, its endpoints and the pages that read them.
 */

/** Answers a request of the local API with a status and a JSON body. */
export type Reply = (status: number, body: unknown) => void;

export interface LocalApi {
  /** http://127.0.0.1:port followed by the prefix it was started with. */
  baseUrl: string;
  /** Every address asked, in order. */
  seen: URL[];
  close: () => Promise<void>;
}

/** Starts an API on 127.0.0.1 (a free port) whose requests `handle` answers. */
export async function startLocalApi(prefix: string, handle: (url: URL, request: IncomingMessage, reply: Reply) => void): Promise<LocalApi> {
  const seen: URL[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    seen.push(url);
    handle(url, request, (status, body) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}${prefix}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Calls as `api` and answers the data; a refused call fails the test with the server's words. */
export function callOrFail(api: Api) {
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const answer = await api<T>(method, path, body);
    expect(answer.status, `${path}: ${answer.error?.join(', ')}`).toBe(true);
    return answer.data;
  };
}

/** An API saved with its endpoints (saveApiSource's and saveApiEndpoint's bodies, without their ids). */
export async function saveApiWithEndpoints(
  api: Api, source: Record<string, unknown>, endpoints: readonly Record<string, unknown>[],
): Promise<{ sourceId: number; endpointIds: number[] }> {
  const call = callOrFail(api);
  const { sourceId } = await call<{ sourceId: number }>('POST', '/save/saveApiSource', { sourceId: null, ...source });
  const endpointIds: number[] = [];
  for (const endpoint of endpoints) endpointIds.push((await call<{ endpointId: number }>('POST', '/save/saveApiEndpoint', { endpointId: null, sourceId, ...endpoint })).endpointId);
  return { sourceId, endpointIds };
}

/** New pages of the application, by name: their ids, in the same order. */
export async function newPages(api: Api, appId: number, names: readonly string[]): Promise<number[]> {
  const created = await callOrFail(api)<{ pages: { pageId: number }[] }>('POST', '/save/saveApp', { appId, pages: names.map((pageName) => ({ pageId: null, pageName })) });
  return created.pages.map((p) => p.pageId);
}

/** Stores the components of pages (by page id). */
export async function savePageComponents(api: Api, appId: number, pages: readonly (readonly [pageId: number, components: readonly Component[]])[]): Promise<void> {
  await callOrFail(api)('POST', '/save/saveApp', { appId, pages: pages.map(([pageId, components]) => ({ pageId, pageComponents: JSON.stringify(components) })) });
}

/** A saved page's slug (its address under a group). */
export async function pageSlugOf(api: Api, pageId: number): Promise<string> {
  return (await callOrFail(api)<{ pageSlug: string }[]>('GET', `/get/getPage/${pageId}`))[0]?.pageSlug ?? '';
}

/** The components of a saved page as stored now. */
export async function storedComponents(api: Api, pageId: number): Promise<Component[]> {
  const [saved] = (await api<{ pageComponents: string | Component[] }[]>('GET', `/get/getPage/${pageId}`)).data;
  return (typeof saved?.pageComponents === 'string' ? JSON.parse(saved.pageComponents) : saved?.pageComponents ?? []) as Component[];
}

/**
 * The open configuration panel at 390 px: scrolled to `group` (the source switch), checked by axe,
 * photographed from the top as `shot`; then back to 1366 px.
 */
export async function checkPanelOnPhone(page: Page, group: Locator, shot: string): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await group.scrollIntoViewIfNeeded();
  expect(await accessibilityViolations(page, '[data-testid="config-panel"]')).toEqual([]);
  await page.evaluate(() => window.scrollTo(0, 0));
  await snapshot(page, shot);
  await page.setViewportSize({ width: 1366, height: 900 });
}
