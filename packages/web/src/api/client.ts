import {
  type Application, ApplicationSchema, type LoginBody, PublicApplicationSchema, type PublicApplication,
  type RegistrationInput, type SaveAppBody, type SessionUser, SessionUserSchema,
} from '@rakit/core';
import { z } from 'zod';
import { readSession } from '../shell/session-storage';

/**
 * One answer of the API: `{ status, data?, error? }`, read from the body whatever the HTTP
 * code, with that code beside it. `data` is checked against the call's schema when status is true.
 */
export interface ApiAnswer<T> {
  status: boolean;
  data?: T;
  error?: string[];
  httpStatus: number;
}

/** The request never got a readable answer (network down, server gone, not JSON). */
export class ApiUnreachableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ApiUnreachableError';
  }
}

/** The first error text of a failed answer, or the fallback. */
export const firstError = (answer: ApiAnswer<unknown>, fallback: string): string => answer.error?.[0] ?? fallback;

const EnvelopeSchema = z.object({
  status: z.boolean(),
  data: z.unknown().optional(),
  error: z.array(z.string()).optional(),
});

interface CallOptions<S extends z.ZodType> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  /** Schema of `data` on success. */
  data: S;
  /** The application whose stored session gives the bearer token; null for the public calls. */
  tokenOf: string | null;
}

async function call<S extends z.ZodType>(options: CallOptions<S>): Promise<ApiAnswer<z.infer<S>>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.tokenOf !== null) {
    const stored = readSession(options.tokenOf);
    if (stored.kind === 'ok') headers.authorization = `Bearer ${stored.session.user.token}`;
  }

  let response: Response;
  let json: unknown;
  try {
    response = await fetch(options.path, {
      method: options.method,
      headers,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    json = await response.json();
  } catch (cause) {
    throw new ApiUnreachableError(`${options.method} ${options.path} failed`, { cause });
  }

  const envelope = EnvelopeSchema.safeParse(json);
  if (!envelope.success) throw new ApiUnreachableError(`${options.method} ${options.path}: not an API answer`);
  const { status, data, error } = envelope.data;
  const answer: ApiAnswer<z.infer<S>> = { status, httpStatus: response.status, ...(error === undefined ? {} : { error }) };
  if (status) {
    const parsed = options.data.safeParse(data);
    if (!parsed.success) throw new ApiUnreachableError(`${options.method} ${options.path}: unexpected data`, { cause: parsed.error });
    answer.data = parsed.data;
  }
  return answer;
}

const AppListSchema = z.array(ApplicationSchema);
const SavedAppSchema = z.object({ appId: z.number().int(), appSlug: z.string() });

/** Public calls: no token. */
export const publicApi = {
  getAppBySlug: (slug: string): Promise<ApiAnswer<PublicApplication>> =>
    call({ method: 'GET', path: `/get/getApp/slug/${encodeURIComponent(slug)}`, data: PublicApplicationSchema, tokenOf: null }),

  login: (body: LoginBody): Promise<ApiAnswer<SessionUser[]>> =>
    call({ method: 'POST', path: '/auth/login', body, data: z.array(SessionUserSchema), tokenOf: null }),

  register: (input: RegistrationInput, appId: number): Promise<ApiAnswer<unknown>> =>
    call({
      method: 'POST',
      path: '/auth/register',
      body: { data: { userId: input.userId, password: input.password, confirm_password: input.confirm_password, defaultGroupAppId: [appId] } },
      data: z.unknown(),
      tokenOf: null,
    }),
};

/** Calls made on behalf of the user signed in to `appSlug` (bearer token of its stored session). */
export function appApi(appSlug: string) {
  return {
    listApp: (): Promise<ApiAnswer<Application[]>> =>
      call({ method: 'GET', path: '/get/listApp', data: AppListSchema, tokenOf: appSlug }),

    listAppUser: (userId: string): Promise<ApiAnswer<Application[]>> =>
      call({ method: 'GET', path: `/get/listAppUser/${encodeURIComponent(userId)}`, data: AppListSchema, tokenOf: appSlug }),

    saveApp: (body: SaveAppBody): Promise<ApiAnswer<z.infer<typeof SavedAppSchema>>> =>
      call({ method: 'POST', path: '/save/saveApp', body, data: SavedAppSchema, tokenOf: appSlug }),

    deleteApp: (appId: number): Promise<ApiAnswer<unknown>> =>
      call({ method: 'DELETE', path: '/delete/deleteApp', body: { appId }, data: z.unknown(), tokenOf: appSlug }),
  };
}
export type AppApi = ReturnType<typeof appApi>;
