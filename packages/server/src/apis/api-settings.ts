import { type ApiAuthSettings, ApiAuthSettingsSchema, type ApiEndpointDraft, ApiEndpointDraftSchema, type NameValue, NameValueSchema } from '@rakit/core';
import { z } from 'zod';
import type { ApiEndpointRow, ApiSourceRow } from '../store/repositories/api-sources';

/** What the server needs of a stored API to call it: its settings, the secret unsealed. */
export interface ApiSettings {
  sourceId: number;
  appId: number;
  revision: number;
  baseUrl: string;
  auth: ApiAuthSettings;
  secret: string;
  headers: NameValue[];
  timeLimitMs: number;
  maxBytes: number;
}

/** Opens sealed secrets (security/secret-box.ts). */
export interface SecretOpener {
  open(sealed: string): string;
}

const HeadersSchema = z.array(NameValueSchema);

// A row's JSON was written by these schemas; parsing it again keeps a row written some other way from leading anywhere unchecked.
/**
 * Where an API's secret goes: the kind of sign-in, the origin the requests go to and, for client
 * credentials, the token URL the client secret is sent to. A stored secret is kept (an edit, an
 * import over the application) only while this stays the same: re-pointing an API must never send
 * a secret someone else typed to a server of one's own.
 */
export function secretDestination(baseUrl: string, auth: ApiAuthSettings): string {
  let origin = baseUrl;
  try {
    origin = new URL(baseUrl).origin;
  } catch {
    // not a URL: compared as typed
  }
  return [auth.kind, origin, auth.kind === 'oauth2' ? auth.tokenUrl : ''].join(' ');
}

export const authOfRow = (row: ApiSourceRow): ApiAuthSettings => ApiAuthSettingsSchema.parse(JSON.parse(row.authSettings));
export const headersOfRow = (row: ApiSourceRow): NameValue[] => HeadersSchema.parse(JSON.parse(row.headers));

export function apiSettingsOf(row: ApiSourceRow, secrets: SecretOpener): ApiSettings {
  return {
    sourceId: row.sourceId,
    appId: row.appId,
    revision: row.revision,
    baseUrl: row.baseUrl,
    auth: authOfRow(row),
    secret: row.secretEnc === '' ? '' : secrets.open(row.secretEnc),
    headers: headersOfRow(row),
    timeLimitMs: row.timeLimitS * 1000,
    maxBytes: row.maxKb * 1024,
  };
}

export const endpointOfRow = (row: ApiEndpointRow): ApiEndpointDraft =>
  ApiEndpointDraftSchema.parse({ ...(JSON.parse(row.definition) as object), name: row.endpointName });
