import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { AppLanguageSchema, TimeZoneSchema } from '../i18n/languages';
import { Messages } from '../messages';
import { baseRevisionField } from './revision';

/**
 * Every answer is `{ status, data?, error? }`; errors are a list of texts, the first one shown,
 * in the caller's language (issue 35: the `x-rakit-language` header, else Accept-Language).
 * `code` is the first text's stable key (a key of the catalogs' messages.json) when it is one of
 * Rakit's own: a client may act on it whatever the language.
 */
export const ErrorEnvelopeSchema = z.object({
  status: z.literal(false),
  error: z.array(z.string()),
  code: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export const okEnvelope = <T extends z.ZodType>(data: T) => z.object({ status: z.literal(true), data });

const text = (max: number) => z.string().max(max);
/**
 * A password being set: the one rule of isPasswordLongEnough, with the message of the screen
 * that sets it (registration and reset keep the register screen's).
 */
export const newPasswordSchema = (tooShort: string) => z.string().min(PASSWORD_MIN_LENGTH, tooShort).max(200);
/** A user id (the username); in main a WhatsApp number. */
export const UserIdSchema = z.string().trim().min(1, 'userId is required').max(100);
export const AppIdSchema = z.coerce.number().int().positive();

export const LoginBodySchema = z.object({
  userId: text(100),
  password: text(200),
  /** The application being entered; the access rule of spec 1 §5 is applied for it. */
  appSlug: text(100).default('main'),
  /** The second factor's code (issue 36): six digits from the authenticator app, or a recovery code; asked for when the account has one. */
  code: z.string().trim().max(20).optional(),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const RegisterBodySchema = z.object({
  data: z.object({
    userId: text(100),
    password: text(200),
    confirm_password: text(200),
    defaultGroupAppId: z.array(z.number().int().positive()).min(1).max(1),
  }),
});
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

export const ForgotPasswordTokenBodySchema = z.object({ userId: UserIdSchema });
export const ChangePasswordBodySchema = z.object({
  token: z.string().min(1).max(200),
  password: newPasswordSchema(Messages.registerPasswordShort),
});
export type PasswordResetBody = z.infer<typeof ChangePasswordBodySchema>;

/** A page sent with saveApp from the editor: a null pageId creates one with no components. */
export const PageInputSchema = z.object({
  pageId: z.number().int().positive().nullable().default(null),
  pageName: z.string().trim().min(1, Messages.pageTitleRequired).max(200).optional(),
  pageAppId: z.number().int().positive().optional(),
  /** JSON text of the component list, validated against core's widget schemas. */
  pageComponents: z.string().max(4_000_000).optional(),
  /** The page's revision the editor loaded: a page saved since is refused (409) with what it holds now. */
  ...baseRevisionField,
});
export type PageInput = z.infer<typeof PageInputSchema>;

export const SaveAppBodySchema = z.object({
  appId: z.number().int().positive().nullable().default(null),
  appName: z.string().trim().min(1, Messages.appNameRequired).max(100).optional(),
  appDescription: text(1000).optional(),
  appOpenRegistration: z.boolean().optional(),
  /** Its members' catalog and its dates' time zone (issue 35). */
  appLanguage: AppLanguageSchema.optional(),
  appTimeZone: TimeZoneSchema.optional(),
  /** Editing its name, description or registration: the revision the form loaded; edited since, refused (409). */
  ...baseRevisionField,
  pages: z.array(PageInputSchema).min(1).max(50).optional(),
}).refine((body) => body.appName !== undefined || (body.appId !== null && [body.pages, body.appLanguage, body.appTimeZone].some((given) => given !== undefined)), {
  message: Messages.appNameRequired,
  path: ['appName'],
});
export type SaveAppBody = z.infer<typeof SaveAppBodySchema>;

export const DeleteAppBodySchema = z.object({ appId: z.number().int().positive() });

export const SlugParamsSchema = z.object({ slug: z.string().min(1).max(100) });
export const UserIdParamsSchema = z.object({ userId: UserIdSchema });
