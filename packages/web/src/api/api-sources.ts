import { apiSourceCalls, type LoadApiOptionsBody, type PreviewApiEndpointBody, type SaveApiEndpointBody, type SaveApiSourceBody } from '@rakit/core';
import { callApi } from './request';

/** Calls of an application's APIs and their endpoints (issue 40), made on behalf of its administrator signed in to `appSlug`. */
export const apiSourcesApi = (appSlug: string) => ({
  listApiSources: (appId: number) => callApi(apiSourceCalls.listApiSources, { params: { appId } }, appSlug),

  saveApiSource: (body: SaveApiSourceBody) => callApi(apiSourceCalls.saveApiSource, { body }, appSlug),

  deleteApiSource: (sourceId: number) => callApi(apiSourceCalls.deleteApiSource, { body: { sourceId } }, appSlug),

  saveApiEndpoint: (body: SaveApiEndpointBody) => callApi(apiSourceCalls.saveApiEndpoint, { body }, appSlug),

  deleteApiEndpoint: (endpointId: number) => callApi(apiSourceCalls.deleteApiEndpoint, { body: { endpointId } }, appSlug),

  previewApiEndpoint: (body: PreviewApiEndpointBody) => callApi(apiSourceCalls.previewApiEndpoint, { body }, appSlug),

  /** A dropdown's, radio's or checkbox's options from its endpoint, on behalf of a member of its page; `signal` abandons it. */
  loadApiOptions: (body: LoadApiOptionsBody, signal?: AbortSignal) => callApi(apiSourceCalls.loadApiOptions, { body }, appSlug, undefined, signal),

  /** The operations of an OpenAPI 3 document (its text, JSON or YAML) with the endpoints of `sourceId` they would make; saves nothing. */
  readOpenApi: (sourceId: number, document: string) => callApi(apiSourceCalls.readOpenApi, { body: { sourceId, document } }, appSlug),
});
