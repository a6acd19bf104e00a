import { type ClientInputOf, type DataOf, type EndOwnSessionsBody, type Language, passkeyCalls, secondFactorCalls, signInCalls, type UserRef, userCalls } from '@rakit/core';
import { callApi, type ApiAnswer } from './request';

/** A page of the users list, searched by text inside user ids. */
export interface UserSearch {
  page: number;
  limit: number;
  userId: string;
}

/** The entries of the user dialog: its own password's change also sends the current one. */
export type UserEntries = Omit<ClientInputOf<typeof userCalls.changePassword>['body']['data'], 'appId'>;

/** A page of users, each as one reference (the call answers each as a one-item list). */
export type UserPage = Omit<DataOf<typeof userCalls.listUser>, 'users'> & { users: UserRef[] };

/** Calls of the users area, made on behalf of the user signed in to `appSlug`. */
export const usersApi = (appSlug: string) => ({
  listUser: async (appId: number, search: UserSearch): Promise<ApiAnswer<UserPage>> => {
    const { data, ...answer } = await callApi(userCalls.listUser, { query: { appId, ...search } }, appSlug);
    return data === undefined ? answer : { ...answer, data: { ...data, users: data.users.map(([first]) => first) } };
  },

  addUser: (appId: number, entries: UserEntries) =>
    callApi(userCalls.addUser, { body: { data: { ...entries, appId } } }, appSlug),

  changePassword: (appId: number, entries: UserEntries) =>
    callApi(userCalls.changePassword, { body: { data: { ...entries, appId } } }, appSlug),

  saveMyLanguage: (language: Language | null) => callApi(userCalls.saveMyLanguage, { body: { language } }, appSlug),

  deleteUser: (appId: number, userId: string) =>
    callApi(userCalls.deleteUser, { body: { data: { userId, appId } } }, appSlug),

  /** The signed-in person's own sessions (issue 36); every member has them, so they come with the first paint's areas. */
  listOwnSessions: (signal?: AbortSignal) => callApi(signInCalls.listOwnSessions, {}, appSlug, undefined, signal),

  endOwnSessions: (body: EndOwnSessionsBody, signal?: AbortSignal) => callApi(signInCalls.endOwnSessions, { body }, appSlug, undefined, signal),

  /** One's own second factor (issue 36): a session that must set one up makes these calls before any other. */
  getSecondFactor: (signal?: AbortSignal) => callApi(secondFactorCalls.getSecondFactor, {}, appSlug, undefined, signal),
  startSecondFactor: () => callApi(secondFactorCalls.startSecondFactor, { body: {} }, appSlug),
  confirmSecondFactor: (proof: SecondFactorProof) => callApi(secondFactorCalls.confirmSecondFactor, { body: proof }, appSlug),
  disableSecondFactor: (proof: SecondFactorProof) => callApi(secondFactorCalls.disableSecondFactor, { body: proof }, appSlug),
  renewRecoveryCodes: (proof: SecondFactorProof) => callApi(secondFactorCalls.renewRecoveryCodes, { body: proof }, appSlug),

  /** One's own passkeys (issue 36). */
  listPasskeys: (signal?: AbortSignal) => callApi(passkeyCalls.listPasskeys, {}, appSlug, undefined, signal),
  startPasskeyRegistration: () => callApi(passkeyCalls.startPasskeyRegistration, { body: {} }, appSlug),
  registerPasskey: (name: string, response: Record<string, unknown>) =>
    callApi(passkeyCalls.registerPasskey, { body: { name, response: response as ClientInputOf<typeof passkeyCalls.registerPasskey>['body']['response'] } }, appSlug),
  deletePasskey: (credentialId: string) => callApi(passkeyCalls.deletePasskey, { body: { credentialId } }, appSlug),
});

/** The account's password and a code, which every change of one's second factor asks for. */
export interface SecondFactorProof {
  password: string;
  code: string;
}
