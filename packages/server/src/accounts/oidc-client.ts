import { Messages } from '@rakit/core';
import * as client from 'openid-client';
import { badRequest, HttpError } from '../errors/http-errors';
import { AllowedHosts } from '../outbound/addresses';
import { outboundUrl, sendToAddress, vetHost, withOutboundSlot } from '../outbound/safe-request';
import type { IdentityProviderRow } from '../store/repositories/identity-providers';
import type { Services } from '../services';

/**
 * The relying party's side of OpenID Connect (issue 36), on openid-client: every request it
 * sends to a provider (discovery, keys, the token endpoint) goes through the trust boundary's
 * outbound rules (public addresses only unless the operator allows private ones, the vetted
 * addresses only, no redirects followed, 10 s, 2 MB), and only to the issuers the operator
 * allows (RAKIT_ALLOWED_OIDC_ISSUERS). An administrator of an application is an untrusted
 * author: his provider's address is his to choose, within those rules.
 */

/** The issuer's URL as the operator's rules take it: http(s), allowed by RAKIT_ALLOWED_OIDC_ISSUERS when he set it. */
export function allowedIssuer(services: Services, issuer: string): URL {
  const url = outboundUrl(issuer);
  const allowed = services.config.allowedOidcIssuers;
  const same = (text: string) => text.replace(/\/+$/, '') === url.href.replace(/\/+$/, '');
  if (allowed.length > 0 && !allowed.some(same)) throw badRequest(Messages.ssoIssuerNotAllowed);
  return url;
}

/** openid-client's fetch, sent as the trust boundary sends an author's requests. */
function outboundFetch(services: Services): client.CustomFetch {
  return async (url, options) => withOutboundSlot(async () => {
    const target = outboundUrl(url);
    const addresses = await vetHost(target.hostname, services.config.allowPrivateUrls, undefined, new AllowedHosts(services.config.allowedUrlHosts));
    const body = options.body === undefined || options.body === null ? undefined : typeof options.body === 'string' ? options.body : String(options.body);
    const method = options.method.toUpperCase();
    if (method !== 'GET' && method !== 'POST') throw new HttpError(502, Messages.ssoProviderFailed);
    const answer = await sendToAddress({ url: target, method, headers: options.headers, body }, addresses, undefined, options.signal ?? undefined);
    // A status without a body (a redirect the library is told of, not followed) takes none.
    const empty = [204, 205, 304].includes(answer.status) || answer.status < 200;
    return new Response(empty ? null : answer.text, { status: answer.status < 200 ? 502 : answer.status, headers: answer.headers });
  });
}

interface CachedConfiguration {
  revision: number;
  at: number;
  configuration: Promise<client.Configuration>;
}

/** A provider's discovery document is read again after this long (its keys rotate). */
const DISCOVERY_TTL_MS = 10 * 60 * 1000;
const configurations = new WeakMap<Services, Map<number, CachedConfiguration>>();

/**
 * The client of a provider: its discovery document read (and kept for DISCOVERY_TTL_MS, until
 * the provider is edited), its client secret opened. http is allowed only to the private hosts
 * the operator lets the server reach (a developer's or a test's own provider).
 */
export function providerClient(services: Services, provider: IdentityProviderRow): Promise<client.Configuration> {
  let cache = configurations.get(services);
  if (cache === undefined) {
    cache = new Map();
    configurations.set(services, cache);
  }
  const known = cache.get(provider.providerId);
  if (known !== undefined && known.revision === provider.revision && Date.now() - known.at < DISCOVERY_TTL_MS) return known.configuration;
  const configuration = discover(services, provider.issuer, provider.clientId, provider.clientSecretEnc === '' ? '' : services.secretBox.open(provider.clientSecretEnc));
  cache.set(provider.providerId, { revision: provider.revision, at: Date.now(), configuration });
  configuration.catch(() => cache.delete(provider.providerId));
  return configuration;
}

/** Whether the operator lets the server reach this host though it is private (a developer's or a test's own provider). */
function privateAllowed(services: Services, hostname: string): boolean {
  const allowed = new AllowedHosts(services.config.allowedUrlHosts);
  return services.config.allowPrivateUrls || allowed.allowsName(hostname) || allowed.allowsAddress(hostname.replace(/^\[|\]$/g, ''));
}

/** Reads an issuer's discovery document for a client; a provider that cannot be read is a clear 4xx (the author's address) or 502. */
export async function discover(services: Services, issuer: string, clientId: string, clientSecret: string): Promise<client.Configuration> {
  const url = allowedIssuer(services, issuer);
  const insecure = url.protocol === 'http:';
  if (insecure && !privateAllowed(services, url.hostname)) throw badRequest(Messages.ssoIssuerInvalid);
  try {
    return await client.discovery(url, clientId, undefined, client.ClientSecretPost(clientSecret), {
      [client.customFetch]: outboundFetch(services),
      ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
    });
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500) throw error;
    throw badRequest(Messages.ssoDiscoveryFailed);
  }
}
