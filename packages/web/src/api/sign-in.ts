import { type SaveIdentityProviderBody, secondFactorCalls, signInCalls } from '@rakit/core';
import { callApi } from './request';

/** An application's single sign-on settings (issue 36), made on behalf of its administrator signed in to `appSlug`. */
export const signInApi = (appSlug: string) => ({
  listIdentityProviders: (appId: number) => callApi(signInCalls.listIdentityProviders, { params: { appId } }, appSlug),

  saveIdentityProvider: (body: SaveIdentityProviderBody) => callApi(signInCalls.saveIdentityProvider, { body }, appSlug),

  deleteIdentityProvider: (appId: number, providerId: number) => callApi(signInCalls.deleteIdentityProvider, { body: { appId, providerId } }, appSlug),

  endUserSessions: (appId: number, userId: string) => callApi(signInCalls.endUserSessions, { body: { appId, userId } }, appSlug),

  savePasswordSignIn: (appId: number, password: boolean) => callApi(signInCalls.savePasswordSignIn, { body: { appId, password } }, appSlug),

  resetUserSecondFactor: (appId: number, userId: string) => callApi(secondFactorCalls.resetUserSecondFactor, { body: { appId, userId } }, appSlug),

  saveAdminSecondFactor: (appId: number, required: boolean) => callApi(secondFactorCalls.saveAdminSecondFactor, { body: { appId, required } }, appSlug),
});
