import type { AppBundle, Component } from '@rakit/core';
import { expect } from 'vitest';
import { seedDemo } from '../../src/store/demo';
import { ADMIN_PASSWORD, buildTestServer, type TestServer } from './build';
import type { EngineName } from './engines';

export type TitledComponent = Component & { title?: string };

/** A server with the seeded demo whose authors may reach 127.0.0.1 (the tests' own servers), its super administrator signed in. */
export async function demoServer(engine: EngineName): Promise<{ server: TestServer; root: string; demoId: number }> {
  const server = await buildTestServer(engine, { allowedUrlHosts: ['127.0.0.1'] });
  await seedDemo(server.store, { dataDir: server.app.services.config.dataDir, password: 'demo-password-1' });
  const root = await server.login('admin', ADMIN_PASSWORD, '_root');
  const demoId = (await server.call('GET', '/get/getApp/slug/demo')).json().data.appId as number;
  return { server, root, demoId };
}

/** An application's structure, as its administrator exports it. */
export const bundleOf = async (server: TestServer, token: string, appId: number): Promise<AppBundle> =>
  (await server.call('GET', `/get/exportApp/${appId}`, undefined, token)).json().data as AppBundle;

/** A page's components in the application. */
export const componentsOf = async (server: TestServer, token: string, appId: number, slug: string): Promise<TitledComponent[]> =>
  (await bundleOf(server, token, appId)).pages.find((p) => p.pageSlug === slug)?.pageComponents as TitledComponent[];

/** Sets one component's title in the application, as the editor's save does. */
export async function retitle(server: TestServer, token: string, appId: number, slug: string, componentId: string, title: string): Promise<void> {
  const pages = (await server.call('GET', `/get/listAppPages/${appId}`, undefined, token)).json().data as { pageId: number; pageSlug: string }[];
  const components = (await componentsOf(server, token, appId, slug)).map((c) => (c.id === componentId ? { ...c, title } : c));
  const saved = await server.call('POST', '/save/saveApp', { appId, pages: [{ pageId: pages.find((p) => p.pageSlug === slug)?.pageId, pageComponents: JSON.stringify(components) }] }, token);
  expect(saved.statusCode, saved.body).toBeLessThan(300);
}
