import { type FunctionParameter, functionCalls } from '@rakit/core';
import { callApi } from './request';

interface FunctionFields { name: string; parameter: FunctionParameter[]; content: string }

/** Calls of the custom functions area, made on behalf of the user signed in to `appSlug`. */
export const functionsApi = (appSlug: string) => ({
  listFunction: (appId: number) => callApi(functionCalls.listFunction, { params: { appId } }, appSlug),

  getFunction: (slug: string) => callApi(functionCalls.getFunction, { params: { slug } }, appSlug),

  saveFunction: (appId: number, fields: FunctionFields) => callApi(functionCalls.saveFunction, { body: { appId, ...fields } }, appSlug),

  /** Based on the revision the form loaded: a function saved since answers 409 with what is stored. */
  updateFunction: (id: number, fields: FunctionFields, revision?: number) => callApi(functionCalls.updateFunction, { body: { id, ...fields, revision } }, appSlug),

  deleteFunction: (slug: string) => callApi(functionCalls.deleteFunction, { params: { slug } }, appSlug),

  runFunction: (slug: string, params: Record<string, string | number | null>) =>
    callApi(functionCalls.runFunction, { params: { slug }, body: { params } }, appSlug),

  testFunction: (body: { appId: number; parameter: FunctionParameter[]; content: string; params: Record<string, string | number | null>; rows?: Record<string, unknown>[]; sample?: { pageId: number; componentId: string } }) =>
    callApi(functionCalls.testFunction, { body }, appSlug),
});
