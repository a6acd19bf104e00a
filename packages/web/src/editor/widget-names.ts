import { widgetNameKey } from '@rakit/core';
import { t } from '../i18n/i18n';
import type { Translate } from '../i18n/LanguageProvider';



/** A widget type's name in the active catalog (a component passes its useT); an unknown type by its name. */
export const widgetName = (type: string, translate: Translate = t): string => {
  const key = widgetNameKey(type);
  return key === undefined ? type : translate(key);
};
