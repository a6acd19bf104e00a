import { badRequest, local } from '../errors/http-errors';
import { AllowedHosts, isMetadataHostName } from './addresses';
import { type OutboundBytes, type OutboundRequest, type OutboundResponse, sendBytesToAddress, sendToAddress, vetHost } from './safe-request';

/** The operator's outbound rules for authors' requests (RAKIT_ALLOW_PRIVATE_URLS, RAKIT_ALLOWED_URL_HOSTS). */
export interface OutboundRules {
  allowPrivateUrls: boolean;
  allowedUrlHosts: string[];
}

const allowedHostsOf = new WeakMap<readonly string[], AllowedHosts>();

/**
 * Refuses a cloud metadata host by its name (whatever the operator allows), then the host the
 * operator's rules do not let an author reach; answers the addresses to connect to.
 */
export async function vetOutboundHost(url: URL, rules: OutboundRules) {
  if (isMetadataHostName(url.hostname)) throw badRequest(local('requestHostRefusedAt', { host: url.hostname }));
  let allowed = allowedHostsOf.get(rules.allowedUrlHosts);
  if (allowed === undefined) {
    allowed = new AllowedHosts(rules.allowedUrlHosts);
    allowedHostsOf.set(rules.allowedUrlHosts, allowed);
  }
  return vetHost(url.hostname, rules.allowPrivateUrls, undefined, allowed);
}

export interface GuardedSendOptions {
  timeoutMs: number;
  maxBytes: number;
  signal?: AbortSignal | undefined;
  /** Keep the connection for the next request to the same origin and addresses (safe-request.ts). */
  keepAlive?: boolean;
}

/**
 * Sends an author's request under the outbound rules: the host vetted (by name and by every
 * address it resolves to), the connection made to those very addresses, no redirect followed.
 */
export async function sendGuarded(request: OutboundRequest, rules: OutboundRules, options: GuardedSendOptions): Promise<OutboundResponse> {
  const targets = await vetOutboundHost(request.url, rules);
  options.signal?.throwIfAborted();
  return sendToAddress(request, targets, options.timeoutMs, options.signal, options.maxBytes, options.keepAlive ?? false);
}

/** sendGuarded, answering the body's bytes (a git pack). */
export async function sendGuardedBytes(request: OutboundRequest, rules: OutboundRules, options: GuardedSendOptions): Promise<OutboundBytes> {
  const targets = await vetOutboundHost(request.url, rules);
  options.signal?.throwIfAborted();
  return sendBytesToAddress(request, targets, options.timeoutMs, options.signal, options.maxBytes, options.keepAlive ?? false);
}
