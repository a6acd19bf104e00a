import { STATUS_CODES } from 'node:http';
import { GIT_MAX_MB, GIT_MAX_UNPACKED_MB } from '@rakit/core';
import { HttpError, local } from '../errors/http-errors';
import type { GitHttpRequest, GitHttpResponse, HttpClient } from 'isomorphic-git';
import { type OutboundRules, sendGuardedBytes } from '../outbound/guarded-send';
import { outboundUrl } from '../outbound/safe-request';
import { checkPackBounds, PackTooLarge, PackUnreadable, packOfUploadPackAnswer } from './pack-bounds';

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

/** A pkt-line: four hex digits of length (themselves included), then the line (bytes as latin1 text). */
const pktLine = (text: string): Buffer => {
  const bytes = Buffer.from(text, 'latin1');
  return Buffer.concat([Buffer.from((bytes.length + 4).toString(16).padStart(4, '0')), bytes]);
};

/**
 * A repository whose HEAD leads nowhere (no default branch: its branches are the environments'
 * own, say) advertises no HEAD, and isomorphic-git then fails to fetch any branch ("Could not
 * find HEAD", isomorphic-git issue #1654). The advertisement is given the symref git would send
 * if HEAD were the branch asked for: isomorphic-git reads it as the default branch and fetches
 * the branch named, as git does. Anything else is answered as it came.
 */
export function withHeadAt(advertisement: Buffer, branch: string): Buffer {
  const text = advertisement.toString('latin1');
  // The service line and its flush, then the first ref's line with the capabilities after a NUL.
  const firstRef = text.indexOf('0000') + 4;
  if (firstRef < 4 || text.length < firstRef + 4) return advertisement;
  const length = Number.parseInt(text.slice(firstRef, firstRef + 4), 16);
  const line = text.slice(firstRef + 4, firstRef + length);
  const nul = line.indexOf('\0');
  if (Number.isNaN(length) || nul < 0 || line.slice(0, nul).endsWith(' HEAD') || line.includes('symref=HEAD:')) return advertisement;
  const withSymref = `${line.replace(/\n$/, '')} symref=HEAD:refs/heads/${branch}\n`;
  return Buffer.concat([advertisement.subarray(0, firstRef), pktLine(withSymref), advertisement.subarray(firstRef + length)]);
}

const MB = 1024 * 1024;

/** A fetched pack is read before isomorphic-git inflates it (pack-bounds.ts): too large to unpack, or no pack at all, is refused. */
function withinUnpackBounds(answer: Buffer): void {
  try {
    const pack = packOfUploadPackAnswer(answer);
    if (pack !== undefined) checkPackBounds(pack, { objectBytes: GIT_MAX_MB * MB, totalBytes: GIT_MAX_UNPACKED_MB * MB });
  } catch (error) {
    if (error instanceof PackTooLarge) throw new HttpError(413, local('gitUnpacksTooLarge', { mb: String(GIT_MAX_UNPACKED_MB), objectMb: String(GIT_MAX_MB) }));
    if (error instanceof PackUnreadable) throw new HttpError(502, local('gitPackUnreadable', { detail: error.message }));
    throw error;
  }
}

/**
 * isomorphic-git's HTTP client, held to the outbound rules of the trust boundary (ARCHITECTURE.md
 * §2): every request's host vetted by name and by each address it resolves to, the connection
 * made to those very addresses (no DNS rebinding), no redirect followed (a repository that
 * answers 302 elsewhere is an error, not a second request), within a time and a size; a pack
 * within what it may unpack to.
 */
export function guardedGitHttp(rules: OutboundRules, options: { headAt?: string } = {}): HttpClient {
  return {
    async request({ url, method = 'GET', headers = {}, body }: GitHttpRequest): Promise<GitHttpResponse> {
      if (method !== 'GET' && method !== 'POST') throw new Error(`git asked for ${method}`);
      const answer = await sendGuardedBytes(
        { url: outboundUrl(url), method, headers, body: await bytesOf(body) },
        rules,
        { timeoutMs: GIT_REQUEST_TIMEOUT_MS, maxBytes: GIT_MAX_MB * 1024 * 1024 },
      );
      if (method === 'POST' && answer.status === 200 && new URL(url).pathname.endsWith('/git-upload-pack')) withinUnpackBounds(answer.bytes);
      const advertisement = method === 'GET' && answer.status === 200 && url.includes('/info/refs?service=git-upload-pack');
      const bytes = advertisement && options.headAt !== undefined ? withHeadAt(answer.bytes, options.headAt) : answer.bytes;
      return { url, method, statusCode: answer.status, statusMessage: STATUS_CODES[answer.status] ?? '', headers: answer.headers, body: once(bytes) };
    },
  };
}
