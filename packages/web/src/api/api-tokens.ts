import { apiTokenCalls, type CreateApiTokenBody } from '@rakit/core';
import { callApi } from './request';

/** Calls of an application's tokens for machines (issue 36), made on behalf of its administrator signed in to `appSlug`. */
export const apiTokensApi = (appSlug: string) => ({
  listApiTokens: (appId: number) => callApi(apiTokenCalls.listApiTokens, { params: { appId } }, appSlug),

  createApiToken: (body: CreateApiTokenBody) => callApi(apiTokenCalls.createApiToken, { body }, appSlug),

  revokeApiToken: (tokenId: string) => callApi(apiTokenCalls.revokeApiToken, { body: { tokenId } }, appSlug),
});
