import {
  type Application, type Page, PageSchema, type PageInput, type SaveAppBody,
} from '@rakit/core';
import { z } from 'zod';
import { call, query, type ApiAnswer } from './request';
import { AppListSchema, SavedAppSchema, SavedPagesSchema } from './answers';

/** Calls of the apps area, made on behalf of the user signed in to `appSlug`. */
export const appsApi = (appSlug: string) => ({
  listApp: (): Promise<ApiAnswer<Application[]>> =>
    call({ method: 'GET', path: '/get/listApp', data: AppListSchema, tokenOf: appSlug }),

  listAppUser: (userId: string): Promise<ApiAnswer<Application[]>> =>
    call({ method: 'GET', path: `/get/listAppUser/${encodeURIComponent(userId)}`, data: AppListSchema, tokenOf: appSlug }),

  saveApp: (body: SaveAppBody): Promise<ApiAnswer<z.infer<typeof SavedAppSchema>>> =>
    call({ method: 'POST', path: '/save/saveApp', body, data: SavedAppSchema, tokenOf: appSlug }),

  deleteApp: (appId: number): Promise<ApiAnswer<unknown>> =>
    call({ method: 'DELETE', path: '/delete/deleteApp', body: { appId }, data: z.unknown(), tokenOf: appSlug }),

  /** A page by slug, within the application of this session (runtime viewer). */
  getPageBySlug: (pageSlug: string): Promise<ApiAnswer<Page[]>> =>
    call({ method: 'GET', path: `/get/getPage/slug/${encodeURIComponent(pageSlug)}?${query({ appSlug })}`, data: z.array(PageSchema), tokenOf: appSlug }),

  getPage: (pageId: number): Promise<ApiAnswer<Page[]>> =>
    call({ method: 'GET', path: `/get/getPage/${pageId}`, data: z.array(PageSchema), tokenOf: appSlug }),

  /** Creates (pageId null, no components) or saves pages of the application through saveApp. */
  savePages: (appId: number, pages: PageInput[]): Promise<ApiAnswer<z.infer<typeof SavedPagesSchema>>> =>
    call({ method: 'POST', path: '/save/saveApp', body: { appId, pages }, data: SavedPagesSchema, tokenOf: appSlug }),
});
