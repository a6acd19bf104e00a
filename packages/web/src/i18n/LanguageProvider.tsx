import { I18nProvider, useLingui } from '@lingui/react';
import type { Language, MessageKey, MessageValues } from '@rakit/core';
import type { ReactNode } from 'react';
import { i18n } from './i18n';

/** Renders its children in the active catalog, again on every switch. */
export function LanguageProvider({ children }: { children: ReactNode }) {
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}

/** A text of the catalog by its key: `const t = useT(); t('shell.signIn.title')`. */
export type Translate = (key: MessageKey, values?: MessageValues) => string;

/** The translator of the active catalog; the component renders again when it changes. */
export function useT(): Translate {
  return useLingui()._ as Translate;
}

/** The catalog shown now and the locale of its formats. */
export function useLanguage(): { language: Language; locale: string } {
  const { i18n: active } = useLingui();
  return { language: active.locale as Language, locale: active.locales?.[0] ?? active.locale };
}
