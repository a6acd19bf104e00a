import { type AddEnvironmentBody, environmentCalls, type PromoteBody, type PromotionBody, type RenameEnvironmentBody } from '@rakit/core';
import { callApi } from './request';

/** Calls of an application's environments and promotions between them (issue 39), made on behalf of its administrator signed in to `appSlug`. */
export const environmentsApi = (appSlug: string) => ({
  getEnvironments: (appId: number) => callApi(environmentCalls.getEnvironments, { params: { appId } }, appSlug),

  createEnvironments: (appId: number) => callApi(environmentCalls.createEnvironments, { body: { appId } }, appSlug),

  addEnvironment: (body: AddEnvironmentBody) => callApi(environmentCalls.addEnvironment, { body }, appSlug),

  renameEnvironment: (body: RenameEnvironmentBody) => callApi(environmentCalls.renameEnvironment, { body }, appSlug),

  previewPromotion: (body: PromotionBody) => callApi(environmentCalls.previewPromotion, { body }, appSlug),

  promote: (body: PromoteBody) => callApi(environmentCalls.promote, { body }, appSlug),

  undoPromotion: (appId: number) => callApi(environmentCalls.undoPromotion, { body: { appId } }, appSlug),
});
