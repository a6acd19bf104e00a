import { z } from 'zod';
import { revisionField } from '../schemas/revision';
import { IdParamsSchema } from '../schemas/admin';
import { defineCall, lazyCalls } from './contract';

/** What made a version: a page's creation, its state when history began, a save, a restore, its deletion or undeletion. */
export const PAGE_VERSION_KINDS = ['created', 'before', 'save', 'restore', 'deleted', 'undeleted'] as const;
export const PageVersionKindSchema = z.enum(PAGE_VERSION_KINDS);
export type PageVersionKind = z.infer<typeof PageVersionKindSchema>;

export const PAGE_VERSIONS_PAGE_SIZE = 20;

/** A version as the History panel lists it. */
export const PageVersionSummarySchema = z.object({
  versionId: z.number().int(),
  pageId: z.number().int(),
  pageName: z.string(),
  kind: PageVersionKindSchema,
  /** What changed from the version before it. */
  summary: z.string(),
  /** A name an administrator gave it ("before the March changes"); null when unnamed. */
  versionName: z.string().nullable(),
  /** Who saved it (the last of the saves folded into it). */
  authorId: z.string(),
  createdAt: z.string(),
  /** When the last save folded into it was made. */
  savedAt: z.string(),
  /** How many saves it holds (consecutive saves of one person within a few minutes fold into one version). */
  saveCount: z.number().int(),
});
export type PageVersionSummary = z.infer<typeof PageVersionSummarySchema>;

export const PageVersionSchema = PageVersionSummarySchema.extend({
  appId: z.number().int(),
  pageSlug: z.string(),
  /** The components' JSON text, as the page held it. */
  pageComponents: z.string(),
});
export type PageVersion = z.infer<typeof PageVersionSchema>;

export const PageVersionListSchema = z.object({
  versions: z.array(PageVersionSummarySchema),
  total: z.number().int(),
  /** False when the page is deleted (its history waits for an undelete or the end of retention). */
  pageExists: z.boolean(),
});
export type PageVersionList = z.infer<typeof PageVersionListSchema>;

/** A deleted page whose history is still kept. */
export const DeletedPageSchema = z.object({
  pageId: z.number().int(),
  pageName: z.string(),
  pageSlug: z.string(),
  deletedAt: z.string(),
  deletedBy: z.string(),
  versionCount: z.number().int(),
});
export type DeletedPage = z.infer<typeof DeletedPageSchema>;

export const RestoredPageSchema = z.object({ pageId: z.number().int(), pageSlug: z.string(), versionId: z.number().int(), ...revisionField });
export type RestoredPage = z.infer<typeof RestoredPageSchema>;

export const PageVersionNameSchema = z.string().trim().max(200, 'A version name has at most 200 characters')
  .transform((name) => (name === '' ? null : name)).nullable();

/**
 * Page versions (issue 17): the history of a page's saves, named versions, restore, and
 * deleted pages with their undelete. Administrators of the page's application only.
 */
export const pageVersionCalls = lazyCalls(() => ({
  listPageVersions: defineCall({
    method: 'GET', path: '/page/versions/:id', tag: 'pages',
    summary: 'The versions of a page (also of a deleted one), newest first, a page of them at a time (its administrators)',
    params: IdParamsSchema,
    query: z.object({
      page: z.coerce.number().int().min(1).max(100_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(PAGE_VERSIONS_PAGE_SIZE),
    }),
    data: PageVersionListSchema,
    access: { level: 'appAdmin', app: { entity: 'pageHistory', id: (input) => input.params.id } },
  }),
  getPageVersion: defineCall({
    method: 'GET', path: '/page/version/:id', tag: 'pages',
    summary: 'A version of a page with its components (its administrators)',
    params: IdParamsSchema,
    data: PageVersionSchema,
    access: { level: 'appAdmin', app: { entity: 'pageVersion', id: (input) => input.params.id } },
  }),
  namePageVersion: defineCall({
    method: 'PUT', path: '/page/version/:id/name', tag: 'pages',
    summary: 'Name a version (an empty name or null unnames it); a named version is never folded into nor pruned by count',
    params: IdParamsSchema,
    body: z.object({ versionName: PageVersionNameSchema }),
    data: PageVersionSummarySchema,
    access: { level: 'appAdmin', app: { entity: 'pageVersion', id: (input) => input.params.id } },
  }),
  restorePageVersion: defineCall({
    method: 'POST', path: '/page/version/:id/restore', tag: 'pages',
    summary: 'Put a version\'s components back on its page; the restore is itself a new version, so it can be undone',
    params: IdParamsSchema,
    data: RestoredPageSchema,
    access: { level: 'appAdmin', app: { entity: 'pageVersion', id: (input) => input.params.id } },
  }),
  deletePage: defineCall({
    method: 'DELETE', path: '/page/:id', tag: 'pages',
    summary: 'Delete a page: menus pointing to it point nowhere, its history is kept until retention ends and it can be undeleted',
    params: IdParamsSchema,
    data: z.object({ pageId: z.number().int() }),
    access: { level: 'appAdmin', app: { entity: 'page', id: (input) => input.params.id } },
  }),
  listDeletedPages: defineCall({
    method: 'GET', path: '/page/deleted', tag: 'pages',
    summary: 'The deleted pages of an application whose history is still kept, last deleted first (its administrators)',
    query: z.object({ appId: z.coerce.number({ error: 'Name the application: appId' }).int().positive() }),
    data: z.array(DeletedPageSchema),
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.query.appId } },
  }),
  undeletePage: defineCall({
    method: 'POST', path: '/page/undelete/:id', tag: 'pages',
    summary: 'Bring a deleted page back as it was when deleted (a new slug if another page took its own)',
    params: IdParamsSchema,
    data: RestoredPageSchema,
    access: { level: 'appAdmin', app: { entity: 'pageHistory', id: (input) => input.params.id } },
  }),
}));

// The stored things of this area a call's application is found from (contract.ts).
declare module './contract' {
  interface AppEntities {
    /** A page's history, by the page's id: the page's application while it lives, its history's once deleted. */
    pageHistory: true;
    /** A saved version of a page, by its id. */
    pageVersion: true;
  }
}
