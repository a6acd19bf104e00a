/*
 * Answer schemas still written by hand on the browser's side; each moves into core's call
 * contracts (packages/core/src/api) as its area is converted, and this file goes.
 */
import {
  ApplicationSchema, GroupSchema,
} from '@rakit/core';
import { z } from 'zod';

export const AppListSchema = z.array(ApplicationSchema);
export const SavedAppSchema = z.object({ appId: z.number().int(), appSlug: z.string() });
/** saveApp with pages: the id and slug of each page, in the order sent. */
export const SavedPagesSchema = SavedAppSchema.extend({ pages: z.array(z.object({ pageId: z.number().int(), pageSlug: z.string() })) });

export const DbDetailsSchema = z.object({
  dbId: z.number().int(),
  dbDatabase: z.string(),
  tables: z.array(z.object({
    table_name: z.string(),
    /** COLUMN_KEY 'PRI' marks the primary key. */
    columns: z.array(z.object({ COLUMN_NAME: z.string(), COLUMN_KEY: z.string(), DATA_TYPE: z.string() })),
  })),
});
export type DbDetails = z.infer<typeof DbDetailsSchema>;

/** GET /get/listDatabase/{appId}: every connection of the application with its tables and columns. */
export const DatabaseWithTablesSchema = DbDetailsSchema.extend({ dbType: z.string() });
export type DatabaseWithTables = z.infer<typeof DatabaseWithTablesSchema>;

/** A group of GET /auth/listGroupUser: one page of its members and how many it has. */
export const GroupWithMembersSchema = GroupSchema.extend({ member: z.array(z.string()), memberCount: z.number().int() });
export type GroupWithMembers = z.infer<typeof GroupWithMembersSchema>;
export const GroupPageSchema = z.object({ groups: z.array(GroupWithMembersSchema), count: z.number().int() });
export type GroupPage = z.infer<typeof GroupPageSchema>;

/** GET /auth/listuser answers each user as a one-item list; the first item is taken (spec 1 §7). */
export const UserRefSchema = z.object({ userId: z.string() });
export const UserPageSchema = z.object({
  users: z.array(z.tuple([UserRefSchema], UserRefSchema)).transform((entries) => entries.map(([first]) => first)),
  count: z.number().int(),
});
export type UserPage = z.infer<typeof UserPageSchema>;

export interface PageQuery {
  page: number;
  limit: number;
  /** Search text inside user ids. */
  userId: string;
}
export interface GroupPageQuery extends PageQuery {
  pageUser: number;
  limitUser: number;
}
/** The entries of the user dialog and of the group screen's user calls. */
export interface UserEntries {
  userId: string;
  password: string;
  confirm_password: string;
  /** Only when one changes his own password. */
  current_password?: string;
}

