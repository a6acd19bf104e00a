import { z } from 'zod';
import { SessionUserSchema } from './entities';

/**
 * What the browser keeps per application slug (spec 1 §3 "Locally stored"): the signed-in
 * user (login's data[0] plus `id`, the same as userId) and the application entered, with
 * `pg` the menu ids of the first matching group.
 */
export const StoredSessionSchema = z.object({
  user: SessionUserSchema.extend({ id: z.string() }),
  app: z.object({
    appId: z.number().int(),
    appName: z.string(),
    appSlug: z.string(),
    pg: z.array(z.number().int()),
  }),
});
export type StoredSession = z.infer<typeof StoredSessionSchema>;

/** The localStorage key of an application's session; other entries of the app start with it plus ':'. */
export const sessionStorageKey = (appSlug: string): string => `rakit:${appSlug}`;

/** Whether a stored login may still be used: its expiry (epoch ms) lies after `now`. */
export const isSessionLive = (session: StoredSession, now: number = Date.now()): boolean => session.user.expired > now;
