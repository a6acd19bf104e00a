import { type CellKind, DEFAULT_TIME_ZONE, formatCellValue, type ValueFormats, valueFormatsOf } from '@rakit/core';
import { useContext, useMemo } from 'react';
import { CurrentAppContext } from '../../current-app/app-context';
import { useLanguage } from '../../i18n/LanguageProvider';

export interface ReaderFormats {
  /** The reader's catalog in the application's time zone (Asia/Jakarta outside an application). */
  formats: ValueFormats;
  /** A cell's value as the reader reads it (value-formats.ts). */
  formatCell: (value: unknown, kind?: CellKind) => string;
}

/** How the data widgets print values for whoever reads them now; again on a switch of catalog. */
export function useValueFormats(): ReaderFormats {
  const { language } = useLanguage();
  const timeZone = useContext(CurrentAppContext)?.app.appTimeZone ?? DEFAULT_TIME_ZONE;
  return useMemo(() => {
    const formats = valueFormatsOf(language, timeZone);
    return { formats, formatCell: (value, kind) => formatCellValue(value, formats, kind) };
  }, [language, timeZone]);
}
