import { z } from 'zod';
import {
  AddUserBodySchema, ChangeUserPasswordBodySchema, DeleteUserBodySchema, ListUserQuerySchema,
} from '../schemas/admin';
import { LanguageSchema } from '../i18n/languages';
import { defineCall, lazyCalls } from './contract';

export const UserRefSchema = z.object({ userId: z.string() });

/** One's own language (issue 35): a catalog, or null for the application's. */
export const SaveMyLanguageBodySchema = z.object({ language: LanguageSchema.nullable() });
export type UserRef = z.infer<typeof UserRefSchema>;

/** Users of an application (spec 1 screen 7, §7). */
export const userCalls = lazyCalls(() => ({
  listUser: defineCall({
    method: 'GET', path: '/auth/listuser', tag: 'users',
    summary: 'A page of the application\'s users, searched by id',
    query: ListUserQuerySchema,
    // Each entry is a one-item list, as the spec's answer has it.
    data: z.object({ users: z.array(z.tuple([UserRefSchema])), count: z.number().int() }),
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.query.appId } },
  }),
  addUser: defineCall({
    method: 'POST', path: '/auth/adduser', tag: 'users',
    summary: 'Create a user in the application\'s default group',
    body: AddUserBodySchema,
    data: UserRefSchema,
    successCode: 201,
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.body.data.appId } },
  }),
  changePassword: defineCall({
    method: 'PUT', path: '/auth/changePassword', tag: 'users',
    summary: 'Set a user\'s password (administrator, or the user himself with his current one)',
    description: 'One\'s own password needs the current one; another\'s needs an administrator of the application who administers the account (Principal.administersAccount).',
    body: ChangeUserPasswordBodySchema,
    data: z.string(),
    access: { level: 'signedIn' },
  }),
  saveMyLanguage: defineCall({
    method: 'PUT', path: '/auth/myLanguage', tag: 'users',
    summary: 'Choose the catalog one reads Rakit in (issue 35); null: the application\'s',
    description: 'The caller\'s own account only. His next sign-in answers it; the browser applies it at once.',
    body: SaveMyLanguageBodySchema,
    data: SaveMyLanguageBodySchema,
    access: { level: 'signedIn' },
  }),
  deleteUser: defineCall({
    method: 'DELETE', path: '/auth/deleteuser', tag: 'users',
    summary: 'Remove a user from the application (from every application in _root)',
    body: DeleteUserBodySchema,
    data: UserRefSchema,
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.body.data.appId } },
  }),
}));
