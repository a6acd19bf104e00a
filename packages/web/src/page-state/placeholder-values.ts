import type { PlaceholderValues } from '@rakit/core';
import { useContext } from 'react';
import { CurrentAppContext } from '../current-app/app-context';
import { SessionContext } from '../session/session-context';
import { readSession } from '../session/session-storage';
import { usePageGlobals } from './form-state';

/**
 * What `--userId--` and `{{name}}` placeholders are replaced with on a page (preview mode):
 * the signed-in user of the current application and the global variables the page read.
 */
export function usePlaceholderValues(): PlaceholderValues {
  const app = useContext(CurrentAppContext);
  const session = useContext(SessionContext);
  const slug = app?.app.appSlug;
  const globals = usePageGlobals(slug);
  let userId = session?.user.id;
  if (userId === undefined && slug !== undefined) {
    const stored = readSession(slug);
    if (stored.kind === 'ok') userId = stored.session.user.id;
  }
  return { userId, globals };
}
