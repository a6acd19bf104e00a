import { z } from 'zod';
import {
  DeleteAppBodySchema, SaveAppBodySchema, SlugParamsSchema, UserIdParamsSchema,
} from '../schemas/api';
import { PageSchema } from '../schemas/admin';
import { ApplicationSchema, PublicApplicationSchema } from '../schemas/entities';
import { RevisionSchema, revisionField } from '../schemas/revision';
import { CREATED_OR_SAVED, defineCall, lazyCalls } from './contract';

const AppIdSchema = z.object({ appId: z.number().int() });

/** saveApp's answer; `pages` (the id and slug of each page, in the order sent) when pages were sent. */
export const SavedAppSchema = AppIdSchema.extend({
  appSlug: z.string(),
  /** The pages saved, each with the revision it now has (the base of the editor's next save). */
  pages: z.array(z.object({ pageId: z.number().int(), pageSlug: z.string(), ...revisionField })).optional(),
  /** The application's revision after an edit of its own fields. */
  revision: RevisionSchema.optional(),
});
export type SavedApp = z.infer<typeof SavedAppSchema>;

/** Applications (spec 1 screen 3, §7). */
export const appCalls = lazyCalls(() => ({
  getAppBySlug: defineCall({
    method: 'GET', path: '/get/getApp/slug/:slug', tag: 'apps',
    summary: 'Public facts of an application, by slug',
    params: SlugParamsSchema,
    data: PublicApplicationSchema,
    access: { level: 'public' },
  }),
  listApp: defineCall({
    method: 'GET', path: '/get/listApp', tag: 'apps',
    summary: 'Every application (super administrator)',
    data: z.array(ApplicationSchema),
    access: { level: 'superAdmin' },
  }),
  listAppUser: defineCall({
    method: 'GET', path: '/get/listAppUser/:userId', tag: 'apps',
    summary: 'Applications where the user has a group, with that group\'s name (the user himself or the super administrator)',
    params: UserIdParamsSchema,
    data: z.array(ApplicationSchema),
    access: { level: 'signedIn' },
  }),
  saveApp: defineCall({
    method: 'POST', path: '/save/saveApp', tag: 'apps',
    summary: 'Create (appId null) or edit an application, with the pages the editor sends',
    description: 'Creating needs a sign-in through main (or the super administrator) and answers 201; '
      + 'editing needs the application\'s administrator.',
    body: SaveAppBodySchema,
    data: SavedAppSchema,
    // A stale page answers the page as stored now; a stale edit of the application, the application.
    conflict: z.object({ page: PageSchema.optional(), savedBy: z.string().nullable().optional(), app: ApplicationSchema.optional() }),
    successCode: CREATED_OR_SAVED,
    // Creating names no application yet: the rules for both are in the server's apps/save-app.
    access: { level: 'signedIn' },
  }),
  deleteApp: defineCall({
    method: 'DELETE', path: '/delete/deleteApp', tag: 'apps',
    summary: 'Remove an application and everything in it',
    body: DeleteAppBodySchema,
    data: AppIdSchema,
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.body.appId } },
  }),
}));

// The stored things of this area a call's application is found from (contract.ts).
declare module './contract' {
  interface AppEntities {
    /** An application, by its id (an unknown one is one the caller is not in). */
    app: true;
  }
}
