import type { MouseEvent } from 'react';
import classes from './SkipLink.module.css';
import { useT } from '../i18n/LanguageProvider';

/** The id of a screen's main region: the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

/** Props for the main region a skip link lands on: focusable by script, not by Tab. */
export const mainContentProps = { id: MAIN_CONTENT_ID, tabIndex: -1 } as const;

/**
 * "Skip to main content" (WCAG 2.4.1): the first stop of Tab on a signed-in screen, shown only
 * while it has focus, so a keyboard user passes the top bar and the menu at once. It moves focus
 * without touching the address (a '#' would be a navigation to the router).
 */
export function SkipLink() {
  const t = useT();
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    document.getElementById(MAIN_CONTENT_ID)?.focus();
  };
  return <a href={`#${MAIN_CONTENT_ID}`} className={classes.skipLink} onClick={skip}>{t('shell.skipLink')}</a>;
}
