import type { TestServer } from './build';

/**
 * A browser's trip through single sign-on, for the server's tests: Rakit's start redirect, the
 * provider's pages (its cookies kept, as a browser keeps them) up to its redirect back, whose
 * address is returned for the test to deliver (or change, or deliver twice).
 */

export const RAKIT_HOST = 'rakit.test';
export const CALLBACK_URL = `http://${RAKIT_HOST}/auth/sso/callback`;

export async function toProviderAndBack(server: TestServer, providerId: number): Promise<URL> {
  const start = await server.app.inject({ method: 'GET', url: `/auth/sso/${providerId}/start`, headers: { host: RAKIT_HOST } });
  if (start.statusCode !== 303) throw new Error(`start answered ${start.statusCode}: ${start.body}`);
  const cookies = new Map<string, string>();
  let location = new URL(String(start.headers.location));
  for (let hop = 0; hop < 10; hop += 1) {
    if (location.href.startsWith(CALLBACK_URL)) return location;
    const answer = await fetch(location, { redirect: 'manual', headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') } });
    for (const cookie of answer.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const [name = '', value = ''] = pair.split('=');
      cookies.set(name.trim(), value);
    }
    const next = answer.headers.get('location');
    if (next === null) throw new Error(`the provider answered ${answer.status} at ${location.href}: ${await answer.text()}`);
    location = new URL(next, location);
  }
  throw new Error('the provider never sent the browser back');
}

/** Delivers the provider's redirect to Rakit: where Rakit sends the browser next. */
export async function deliver(server: TestServer, callback: URL): Promise<string> {
  const answer = await server.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}`, headers: { host: RAKIT_HOST } });
  if (answer.statusCode !== 303) throw new Error(`the callback answered ${answer.statusCode}: ${answer.body}`);
  return String(answer.headers.location);
}
