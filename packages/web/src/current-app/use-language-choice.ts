import { type PublicApplication, resolveLanguage } from '@rakit/core';
import { useEffect } from 'react';
import { activateLanguage } from '../i18n/i18n';
import { readSession } from '../session/session-storage';

/** What the browser's reader prefers, as an Accept-Language header would say it. */
export const browserLanguages = (): string => (navigator.languages.length > 0 ? navigator.languages : [navigator.language]).join(',');

/**
 * The catalog of someone in `app` (issue 35): his own choice when he is signed in to it, else
 * the application's setting, else his browser's languages.
 */
export function languageIn(app: Pick<PublicApplication, 'appSlug' | 'appLanguage'>) {
  const stored = readSession(app.appSlug);
  return resolveLanguage({ user: stored.kind === 'ok' ? stored.session.user.language : null, app: app.appLanguage, browser: browserLanguages() });
}

/** Shows the catalog `languageIn` gives, switching without a reload when it changes. */
export function useLanguageChoice(app: Pick<PublicApplication, 'appSlug' | 'appLanguage'> | undefined): void {
  const language = app === undefined ? undefined : languageIn(app);
  useEffect(() => {
    if (language !== undefined) void activateLanguage(language);
  }, [language]);
}
