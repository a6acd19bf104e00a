import { randomBytes } from 'node:crypto';
import type { TestServer } from '../support/build';

/**
 * A stranger who registered in `main` a minute ago and built an application of his own:
 * the author every trust-boundary test plays (ARCHITECTURE.md §2).
 */
export interface HostileBuilder {
  userId: string;
  password: string;
  /** His session in `main`, where he creates applications. */
  mainToken: string;
  appId: number;
  appSlug: string;
  /** His session as the administrator of his own application. */
  token: string;
}

let counter = 0;

/** A fresh WhatsApp-like user id (08 + 10 digits), unique within a test run. */
export function freshUserId(): string {
  counter += 1;
  return `089${String(Date.now() % 1_000_000).padStart(6, '0')}${String(counter).padStart(3, '0')}`.slice(0, 13);
}

/** Registers a new builder in `main`, creates his application and signs him in as its administrator. */
export async function hostileBuilder(server: TestServer, appName = `Hostile ${randomBytes(3).toString('hex')}`): Promise<HostileBuilder> {
  const userId = freshUserId();
  const password = 'hostile-password-1';
  await server.register(userId, password);
  const mainToken = await server.login(userId, password, 'main');
  const created = await server.call('POST', '/save/saveApp', { appId: null, appName, appDescription: '' }, mainToken);
  if (created.statusCode !== 201 && created.statusCode !== 200) throw new Error(`saveApp failed: ${created.body}`);
  const { appId, appSlug } = created.json().data as { appId: number; appSlug: string };
  return { userId, password, mainToken, appId, appSlug, token: await server.login(userId, password, appSlug) };
}
