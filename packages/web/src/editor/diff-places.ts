import type { Translate } from '../i18n/LanguageProvider';

/** A list's place in the words of a page's changes (core's describePageDiff): the page, or a card by its id. */
export const cardLabel = (t: Translate) => (id: string | null): string => (id === null ? t('editor.conflict.thePage') : t('editor.conflict.card', { id }));
