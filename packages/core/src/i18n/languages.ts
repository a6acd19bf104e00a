import { z } from 'zod';

/**
 * The catalogs a person may read Rakit in (issue 35): `spec` keeps the specification's own
 * wording (Indonesian on the sign-in screens, English elsewhere) and is the default, so nothing
 * the specification fixes changes unless someone chooses to; `id` is Bahasa Indonesia
 * throughout, `en` English throughout.
 */
export const LANGUAGES = ['spec', 'id', 'en'] as const;
export const LanguageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof LanguageSchema>;
export const DEFAULT_LANGUAGE: Language = 'spec';

/**
 * An application's setting: one of the catalogs, or `browser` (each visitor's browser decides,
 * by its Accept-Language, before sign-in and for members who chose nothing).
 */
export const AppLanguageSchema = z.enum([...LANGUAGES, 'browser']);
export type AppLanguage = z.infer<typeof AppLanguageSchema>;

/** Each catalog's name as its readers would write it; the picker shows these in every catalog. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  spec: 'Specification',
  id: 'Bahasa Indonesia',
  en: 'English',
};

/**
 * The locale of each catalog's plural rules and formats. `spec` reads as English where it
 * counts (its counted texts are English); its values keep today's printing (see formats.ts).
 * English is British English: day before month, as dates are read in Indonesia.
 */
export const LOCALE_OF: Record<Language, string> = { spec: 'en-US', id: 'id-ID', en: 'en-GB' };

/** The header the browser sends its reader's catalog in, so the server answers in it. */
export const LANGUAGE_HEADER = 'x-rakit-language';

/**
 * The catalog an Accept-Language header asks for: the first of Indonesian or English by
 * preference (q), or undefined when it names neither. Malformed parts are ignored.
 */
export function languageFromAcceptLanguage(header: string | undefined | null): Language | undefined {
  if (header === undefined || header === null) return undefined;
  const ranges = header.split(',').map((part, index) => {
    const [tag = '', ...parameters] = part.trim().split(';');
    const q = parameters.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    return { primary: tag.trim().toLowerCase().split('-')[0] ?? '', weight: Number.isFinite(weight) ? weight : 0, index };
  }).filter((range) => range.weight > 0);
  ranges.sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const range of ranges) {
    // 'in' is Indonesian's withdrawn code, still sent by some older Android browsers.
    if (range.primary === 'id' || range.primary === 'in') return 'id';
    if (range.primary === 'en') return 'en';
  }
  return undefined;
}

/**
 * Who chooses (issue 35): the person's own choice, else the application's setting (when it
 * leaves the choice to the browser: the browser's languages), else the specification's.
 */
export function resolveLanguage(choice: { user?: Language | null | undefined; app?: AppLanguage | null | undefined; browser?: string | null | undefined }): Language {
  if (choice.user !== undefined && choice.user !== null) return choice.user;
  if (choice.app === 'browser') return languageFromAcceptLanguage(choice.browser) ?? DEFAULT_LANGUAGE;
  return choice.app ?? DEFAULT_LANGUAGE;
}

/** Where an application is used unless its administrator says otherwise (issue 35). */
export const DEFAULT_TIME_ZONE = 'Asia/Jakarta';

/** An IANA time zone this runtime knows ("Asia/Makassar"), as an application's setting. */
export const TimeZoneSchema = z.string().min(1).max(64).refine((zone) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}, 'Not a known time zone (an IANA name such as Asia/Jakarta)');
