import { type DataOf, type UserRef, userCalls } from '@rakit/core';
import type { ApiAnswer, AppApi } from '../../api/client';

/** A page of users, each as one reference (the call answers each as a one-item list, spec 1 screen 7). */
export type UserPage = Omit<DataOf<typeof userCalls.listUser>, 'users'> & { users: UserRef[] };

/** A page of the application's users whose ids contain `userId`. */
export async function listUserPage(api: AppApi, appId: number, search: { page: number; limit: number; userId: string }): Promise<ApiAnswer<UserPage>> {
  const { data, ...answer } = await api.call(userCalls.listUser, { query: { appId, ...search } });
  return data === undefined ? answer : { ...answer, data: { ...data, users: data.users.map(([first]) => first) } };
}
