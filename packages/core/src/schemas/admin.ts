import { z } from 'zod';
import { MAX_ROW_ID } from '../constants';
import { Messages, passwordTooShortMessage } from '../messages';
import { newPasswordSchema } from './api';
import { baseRevisionField, revisionField } from './revision';
import { NameTranslationsSchema } from '../widgets/common';

const id = z.number().int().positive().max(MAX_ROW_ID);
const nonBlank = (message: string, max = 200) => z.string().trim().min(1, message).max(max);
/** Path and query ids arrive as text. */
const idParam = z.coerce.number().int().positive().max(MAX_ROW_ID);

// ---- Database connections (spec 1 screen 5) ----
export const DB_TYPES = ['mysql', 'postgres', 'sqlite'] as const;
export const DbTypeSchema = z.enum(DB_TYPES);
export type DbType = z.infer<typeof DbTypeSchema>;

/**
 * The time limit of a data widget's statement on a connection, in seconds (ARCHITECTURE §3):
 * past it the statement is stopped by the database and the user reads Messages.searchTookTooLong.
 * A connection without its own limit has the default; an author may set one within the bounds.
 */
export const TIME_LIMIT_DEFAULT_S = 10;
export const TIME_LIMIT_MIN_S = 1;
export const TIME_LIMIT_MAX_S = 300;
export const TimeLimitSchema = z.number({ message: Messages.timeLimitRange }).int(Messages.timeLimitRange)
  .min(TIME_LIMIT_MIN_S, Messages.timeLimitRange).max(TIME_LIMIT_MAX_S, Messages.timeLimitRange);

/** A connection as every call answers it: never with its password. */
export const DbConfigSchema = z.object({
  dbId: z.number().int(),
  dbAppId: z.number().int(),
  dbType: DbTypeSchema,
  dbHost: z.string(),
  dbPort: z.number().int(),
  dbUser: z.string(),
  dbDatabase: z.string(),
  /** Seconds; null: TIME_LIMIT_DEFAULT_S. */
  dbTimeLimit: z.number().int().nullable(),
  ...revisionField,
});
export type DbConfig = z.infer<typeof DbConfigSchema>;

export const SaveDbConfigBodySchema = z.object({
  dbId: id.nullable().default(null),
  dbAppId: id,
  dbType: DbTypeSchema.default('mysql'),
  dbHost: z.string().trim().max(255).default(''),
  dbPort: z.coerce.number().int().min(0).max(65535).default(0),
  dbUser: z.string().trim().max(255).default(''),
  /** Empty when editing keeps the stored password. */
  dbPassword: z.string().max(1000).default(''),
  dbDatabase: z.string().trim().max(255).default(''),
  /** Seconds a data widget's statement may run; null (or left out): TIME_LIMIT_DEFAULT_S. */
  dbTimeLimit: TimeLimitSchema.nullable().default(null),
  /** The connection's revision the edit was based on (issue 33). */
  ...baseRevisionField,
});
export type SaveDbConfigBody = z.infer<typeof SaveDbConfigBodySchema>;
export const DeleteDbConfigBodySchema = z.object({ dbId: id });
export const DbIdParamsSchema = z.object({ dbId: idParam });
export const IdParamsSchema = z.object({ id: idParam });
export const AppIdParamsSchema = z.object({ appId: idParam });

// ---- Groups (spec 1 screen 6) ----
export const ListGroupUserQuerySchema = z.object({
  page: z.coerce.number().int().positive().default(1),
  limit: z.coerce.number().int().positive().max(100).default(10),
  pageUser: z.coerce.number().int().positive().default(1),
  limitUser: z.coerce.number().int().positive().max(100).default(20),
  /** Narrows the groups to those with a member whose id contains this text. */
  userId: z.string().max(100).default(''),
});
export const GroupMembershipBodySchema = z.object({
  userId: z.string().trim().min(1, Messages.selectUser).max(100),
  groupId: id,
});
const MenuIdsSchema = z.object({ menuId: z.array(id).min(1).max(100) });
export const AddGroupBodySchema = z.object({
  data: z.object({
    groupId: id.nullable().default(null),
    /** Renaming (groupId set): the group's revision the screen showed; renamed or regranted since, refused (409). */
    ...baseRevisionField,
    groupName: nonBlank(Messages.groupNameRequired, 100),
    groupAppId: z.union([z.string(), z.number()]).transform((v) => Number(v)).pipe(id),
    groupAccess: z.object({
      pageId: z.array(id).default([]),
      actionId: z.array(id).default([]),
      menuId: z.array(id).default([]),
    }).default({ pageId: [], actionId: [], menuId: [] }),
  }),
});
export const DeleteGroupBodySchema = z.object({ data: z.object({ groupId: id }) });
export const SetDefaultGroupBodySchema = z.object({ data: z.object({ appId: id, groupId: id }) });
export const GroupAccessBodySchema = z.object({
  groupId: id,
  ...baseRevisionField,
  groupAppId: z.union([z.string(), z.number()]).transform((v) => Number(v)).pipe(id),
  groupAccess: MenuIdsSchema,
});
export type GroupMembershipBody = z.infer<typeof GroupMembershipBodySchema>;
export type GroupDraft = z.infer<typeof AddGroupBodySchema>['data'];
export type GroupAccessBody = z.infer<typeof GroupAccessBodySchema>;
export type ListGroupUserQuery = z.infer<typeof ListGroupUserQuerySchema>;

// ---- Users (spec 1 screen 7) ----
export const ListUserQuerySchema = z.object({
  appId: idParam,
  page: z.coerce.number().int().positive().default(1),
  limit: z.coerce.number().int().positive().max(100).default(10),
  /** Search text inside user ids. */
  userId: z.string().max(100).default(''),
});
/** Missing, mistyped or empty: each is 'Please fill all fields' (spec 1 §5). */
const requiredEntry = (max: number) => z.string({ error: Messages.fillAllFields }).min(1, Messages.fillAllFields).max(max);
const userFields = {
  userId: requiredEntry(100).trim().min(1, Messages.fillAllFields),
  password: requiredEntry(200).pipe(newPasswordSchema(passwordTooShortMessage())),
  confirm_password: requiredEntry(200),
  appId: id,
};
const passwordsMatch = (v: { password: string; confirm_password: string }) => v.password === v.confirm_password;
const mismatch = { message: Messages.passwordConfirmMismatch, path: ['confirm_password'] };
export const AddUserBodySchema = z.object({ data: z.object(userFields).refine(passwordsMatch, mismatch) });
/** As adduser; changing one's own password also needs the current one (checked by the server). */
export const ChangeUserPasswordBodySchema = z.object({
  data: z.object({ ...userFields, current_password: z.string().max(200).optional() }).refine(passwordsMatch, mismatch),
});
export const DeleteUserBodySchema = z.object({ data: z.object({ userId: z.string().trim().min(1).max(100), appId: id }) });
export type ListUserQuery = z.infer<typeof ListUserQuerySchema>;
export type UserDraft = z.infer<typeof AddUserBodySchema>['data'];
export type PasswordChange = z.infer<typeof ChangeUserPasswordBodySchema>['data'];

// ---- Menus (spec 1 screen 8) ----
export const SaveMenuBodySchema = z.object({
  menuId: z.null().default(null),
  menuName: z.string().trim().max(200),
  menuAppId: id,
  menuPageId: z.number().int().min(0).default(0),
  menuParentMenuId: z.number().int().min(0).default(0),
});
export const UpdateMenuBodySchema = z.object({
  menuId: id,
  menuAppId: id,
  menuPageId: z.number().int().min(0),
  /** The menu's revision the screen showed: pointed elsewhere since, the change is refused (409). */
  ...baseRevisionField,
});
export const DeleteMenuBodySchema = z.object({ menuId: id });
export type MenuDraft = z.infer<typeof SaveMenuBodySchema>;
export type MenuPointing = z.infer<typeof UpdateMenuBodySchema>;
/** A menu's name in other catalogs (issue 35): every language at once; an empty one is removed. */
export const MenuNameTranslationsBodySchema = z.object({ menuId: id, translations: NameTranslationsSchema });
/** A page's title in other catalogs (issue 35), as for a menu. */
export const PageNameTranslationsBodySchema = z.object({ pageId: id, translations: NameTranslationsSchema });
/** What an author's names in other catalogs answer: as stored, {} when none. */
const nameTranslationsField = { nameTranslations: NameTranslationsSchema.default({}) };

export const SubMenuSchema = z.object({
  menuId: z.number().int(),
  menuName: z.string(),
  ...nameTranslationsField,
  menuPageId: z.number().int(),
  pageName: z.string(),
  pageSlug: z.string(),
  ...revisionField,
});
export const MenuSchema = z.object({
  menuId: z.number().int(),
  menuName: z.string(),
  ...nameTranslationsField,
  menuAppId: z.number().int(),
  menuPageId: z.number().int(),
  menuParentMenuId: z.number().int(),
  pageName: z.string(),
  ...revisionField,
  submenu: z.array(SubMenuSchema),
});
/** A menu as a stale updateMenu finds it stored: the page it points to now. */
export const StoredMenuSchema = z.object({ menuId: z.number().int(), menuName: z.string(), menuPageId: z.number().int(), pageName: z.string(), ...revisionField });
export type Menu = z.infer<typeof MenuSchema>;
export type SubMenu = z.infer<typeof SubMenuSchema>;

export const PageSummarySchema = z.object({
  pageId: z.number().int(),
  pageName: z.string(),
  ...nameTranslationsField,
  pageSlug: z.string(),
  pageComponents: z.string(),
  ...revisionField,
});
export type PageSummary = z.infer<typeof PageSummarySchema>;

/** A page as GET /get/getPage answers it (data[0]). */
export const PageSchema = PageSummarySchema.extend({ pageAppId: z.number().int() });
export type Page = z.infer<typeof PageSchema>;
