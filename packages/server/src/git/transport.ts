import { STATUS_CODES } from 'node:http';
import { GIT_MAX_MB } from '@rakit/core';
import type { GitHttpRequest, GitHttpResponse, HttpClient } from 'isomorphic-git';
import { type OutboundRules, sendGuardedBytes } from '../outbound/guarded-send';
import { outboundUrl } from '../outbound/safe-request';

/** How long one request to a repository may take (a pack of a large history is sent in one). */
export const GIT_REQUEST_TIMEOUT_MS = 60_000;

async function bytesOf(body: GitHttpRequest['body']): Promise<Buffer | undefined> {
  if (body === undefined) return undefined;
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function* once(bytes: Buffer): AsyncIterableIterator<Uint8Array> {
  yield bytes;
}

/**
 * isomorphic-git's HTTP client, held to the outbound rules of the trust boundary (ARCHITECTURE.md
 * §2): every request's host vetted by name and by each address it resolves to, the connection
 * made to those very addresses (no DNS rebinding), no redirect followed (a repository that
 * answers 302 elsewhere is an error, not a second request), within a time and a size.
 */
export function guardedGitHttp(rules: OutboundRules): HttpClient {
  return {
    async request({ url, method = 'GET', headers = {}, body }: GitHttpRequest): Promise<GitHttpResponse> {
      if (method !== 'GET' && method !== 'POST') throw new Error(`git asked for ${method}`);
      const answer = await sendGuardedBytes(
        { url: outboundUrl(url), method, headers, body: await bytesOf(body) },
        rules,
        { timeoutMs: GIT_REQUEST_TIMEOUT_MS, maxBytes: GIT_MAX_MB * 1024 * 1024 },
      );
      return { url, method, statusCode: answer.status, statusMessage: STATUS_CODES[answer.status] ?? '', headers: answer.headers, body: once(answer.bytes) };
    },
  };
}
