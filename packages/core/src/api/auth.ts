import { z } from 'zod';
import {
  ChangePasswordBodySchema, ForgotPasswordTokenBodySchema, LoginBodySchema, RegisterBodySchema,
} from '../schemas/api';
import { SessionUserSchema } from '../schemas/entities';
import { defineCall, lazyCalls } from './contract';

/** Sign-in, registration and password reset (spec 1 §5, §7). */
export const authCalls = lazyCalls(() => ({
  login: defineCall({
    method: 'POST', path: '/auth/login', tag: 'auth',
    summary: 'Sign in to an application',
    body: LoginBodySchema,
    // One entry, as the spec's answer has it.
    data: z.array(SessionUserSchema),
    access: { level: 'public' },
  }),
  openApp: defineCall({
    method: 'POST', path: '/auth/openApp', tag: 'auth',
    summary: 'A session of an application the caller administers, without signing in again',
    description: 'Answers like /auth/login does, for the caller, only where he is the application\'s '
      + 'administrator through its admin group; anyone else gets 403, whether the application exists or not.',
    body: z.object({ appId: z.number().int() }),
    data: z.array(SessionUserSchema),
    // The caller's admin group of the named application decides: the rule is the server's accounts/open-app.
    access: { level: 'signedIn' },
  }),
  register: defineCall({
    method: 'POST', path: '/auth/register', tag: 'auth',
    summary: 'Register into an application\'s default group',
    description: 'The answer is the same whether the id was free or taken, so it tells no one which ids exist.',
    body: RegisterBodySchema,
    data: z.object({ userId: z.string() }),
    successCode: 201,
    access: { level: 'public' },
  }),
  getResetToken: defineCall({
    method: 'POST', path: '/forgot_password/getToken', tag: 'auth',
    summary: 'Issue a one-time password reset token',
    description: 'Only for the caller\'s own account or one he administers (Principal.administersAccount).',
    body: ForgotPasswordTokenBodySchema,
    data: z.object({ token: z.string() }),
    access: { level: 'signedIn' },
  }),
  resetPassword: defineCall({
    method: 'POST', path: '/forgot_password/changePassword', tag: 'auth',
    summary: 'Set a new password with a reset token',
    // The reset token in the body is the credential of this call.
    body: ChangePasswordBodySchema,
    data: z.string(),
    access: { level: 'public' },
  }),
}));
