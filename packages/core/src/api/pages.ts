import { z } from 'zod';
import { IdParamsSchema, PageSchema } from '../schemas/admin';
import { SlugParamsSchema } from '../schemas/api';
import { defineCall, lazyCalls } from './contract';

/** Pages by id and by slug (spec 1 §7); members read only pages their groups' menus reach. */
export const pageCalls = lazyCalls(() => ({
  getPage: defineCall({
    method: 'GET', path: '/get/getPage/:id', tag: 'pages',
    summary: 'A page with its components',
    params: IdParamsSchema,
    data: z.array(PageSchema),
    access: { level: 'member', app: { entity: 'page', id: (input) => input.params.id } },
  }),
  getPageBySlug: defineCall({
    method: 'GET', path: '/get/getPage/slug/:slug', tag: 'pages',
    summary: 'A page by slug, in the application of the caller\'s sign-in (or appSlug)',
    params: SlugParamsSchema,
    query: z.object({ appSlug: z.string().max(100).optional() }),
    data: z.array(PageSchema),
    // The application may be the caller's sign-in: the server's pages/page-access decides.
    access: { level: 'signedIn' },
  }),
}));

// The stored things of this area a call's application is found from (contract.ts).
declare module './contract' {
  interface AppEntities {
    /** A page, by its id. */
    page: true;
  }
}
