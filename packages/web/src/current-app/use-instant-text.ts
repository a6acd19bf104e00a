import { DEFAULT_TIME_ZONE } from '@rakit/core';
import { useContext, useMemo } from 'react';
import { useLanguage } from '../i18n/LanguageProvider';
import { CurrentAppContext } from './app-context';

/**
 * How a moment (an ISO time the server gave) reads to the person now: in his catalog's locale and
 * the application's time zone (issue 35), not the browser's. Text that is no time is shown as it is.
 */
export function useInstantText(withSeconds = false): (iso: string) => string {
  const { locale } = useLanguage();
  const timeZone = useContext(CurrentAppContext)?.app.appTimeZone ?? DEFAULT_TIME_ZONE;
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: withSeconds ? 'medium' : 'short', timeZone });
    return (iso: string) => {
      const moment = new Date(iso);
      return Number.isNaN(moment.getTime()) ? iso : format.format(moment);
    };
  }, [locale, timeZone, withSeconds]);
}
