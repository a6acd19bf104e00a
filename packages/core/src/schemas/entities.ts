import { z } from 'zod';
import { AppLanguageSchema, DEFAULT_TIME_ZONE, LanguageSchema } from '../i18n/languages';
import { RevisionSchema } from './revision';

/** Entities of spec 1 §3, as the calls answer them. */
export const ApplicationSchema = z.object({
  appId: z.number().int(),
  appName: z.string(),
  appDescription: z.string(),
  appSlug: z.string(),
  appOpenRegistration: z.boolean(),
  /** Its members' catalog (issue 35): the default of each who chose none; 'browser': each visitor's. */
  appLanguage: AppLanguageSchema.default('spec'),
  /** The IANA time zone its dates and times are shown in. */
  appTimeZone: z.string().default(DEFAULT_TIME_ZONE),
  groupName: z.string().optional(),
  /** Of its name, description and registration setting (issue 33). */
  revision: RevisionSchema.optional(),
});
export type Application = z.infer<typeof ApplicationSchema>;

/** An application's sign-in screen (issue 36): the password form or not, and its identity providers' buttons. */
export const SignInOptionsSchema = z.object({
  /** False: single sign-on only (the password form is not offered, and password sign-in is refused). */
  password: z.boolean(),
  providers: z.array(z.object({ providerId: z.number().int().positive(), name: z.string() })),
});
export type SignInOptions = z.infer<typeof SignInOptionsSchema>;

/** The sign-in of an application before any provider is added. */
export const PASSWORD_ONLY: SignInOptions = { password: true, providers: [] };

/** What an anonymous caller may learn of an application (GET /get/getApp/slug/{slug}); `signIn` absent: the password form only. */
export const PublicApplicationSchema = ApplicationSchema.pick({
  appId: true,
  appName: true,
  appSlug: true,
  appOpenRegistration: true,
  appLanguage: true,
  appTimeZone: true,
}).extend({ signIn: SignInOptionsSchema.optional() });
export type PublicApplication = z.infer<typeof PublicApplicationSchema>;

export const GroupAccessSchema = z.object({
  pageId: z.array(z.number().int()).default([]),
  actionId: z.array(z.number().int()).default([]),
  menuId: z.array(z.number().int()).default([]),
});
export type GroupAccess = z.infer<typeof GroupAccessSchema>;

export const GroupSchema = z.object({
  groupId: z.number().int(),
  groupName: z.string(),
  /** The application's appId as a string, or 'Super Admin' for the super administrators' group. */
  groupAppId: z.string(),
  groupSlug: z.string(),
  /** '1' for the application's default group, '0' otherwise. */
  groupIsDefault: z.string(),
  groupAccess: GroupAccessSchema,
  /** Optional: sessions stored before revisions (issue 33) have groups without one; the group calls always answer it. */
  revision: RevisionSchema.optional(),
});
export type Group = z.infer<typeof GroupSchema>;

/** The signed-in user as login answers it (data[0]) and the browser stores it. */
export const SessionUserSchema = z.object({
  userId: z.string(),
  token: z.string(),
  /** Expiry of the token, epoch milliseconds; the browser compares it with now. */
  expired: z.number().int(),
  userGroup: z.array(GroupSchema),
  defaultGroupAppId: z.array(z.number().int()),
  /** His own catalog (issue 35); null or absent: his application's. */
  language: LanguageSchema.nullable().optional(),
  /** This session may only set up a second factor (issue 36): the application requires one of its administrators. */
  mustSetUpSecondFactor: z.boolean().optional(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;
