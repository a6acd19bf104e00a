import type { MessageKey } from '@rakit/core';
import { useEffect, useState } from 'react';
import { useCurrentApp } from '../current-app/app-context';
import { notifyFailure, notifyInfo } from '../components/notify';
import { t } from '../i18n/i18n';
import { useSession } from '../session/session-context';
import { readSession } from '../session/session-storage';
import type { LostReason } from './shared-document';

/** What every live editor passes on joining: the session's token, the builder's name, and what to do when it is lost. */
export interface JoinBasics {
  token: () => string;
  name: string;
  onLost: (reason: LostReason) => void;
}

const LOST: Record<LostReason, { title: MessageKey; message: MessageKey } | null> = {
  // No socket (a proxy that does not pass it): the editor saves by calls as before, quietly.
  unavailable: null,
  forbidden: { title: 'shell.live.forbiddenTitle', message: 'shell.live.forbidden' },
  deleted: { title: 'shell.live.deletedTitle', message: 'shell.live.deleted' },
  refused: { title: 'shell.live.refusedTitle', message: 'shell.live.refused' },
};

function tellLost(reason: LostReason): void {
  const lost = LOST[reason];
  if (lost === null) return;
  if (reason === 'deleted') notifyInfo(t(lost.message), t(lost.title));
  else notifyFailure(t('shell.live.lost', { title: t(lost.title), message: t(lost.message) }));
}

/**
 * Joins the shared document of `target` (a page's or a workflow's id) while it is not null, and
 * leaves it when the target changes or the editor closes. `connecting` marks the store as
 * joining before the binding's module (Yjs and its provider) has loaded; `failed` lets the
 * editor go on without it when that module cannot load. Answers the joined session.
 */
export function useLiveJoin<S extends { leave: () => void }>(
  target: number | null,
  bind: { connecting: () => void; failed: () => void; join: (basics: JoinBasics) => Promise<S> },
): S | null {
  const { app } = useCurrentApp();
  const { user } = useSession();
  const [session, setSession] = useState<S | null>(null);
  const { connecting, failed, join } = bind;

  useEffect(() => {
    if (target === null) return;
    connecting();
    let joined: S | undefined;
    let cancelled = false;
    const basics: JoinBasics = {
      name: user.userId,
      token: () => {
        const stored = readSession(app.appSlug);
        return stored.kind === 'ok' ? stored.session.user.token : '';
      },
      onLost: (reason) => {
        setSession(null);
        tellLost(reason);
      },
    };
    join(basics).then((started) => {
      if (cancelled) started.leave();
      else {
        joined = started;
        setSession(started);
      }
    }, (error: unknown) => {
      // The module could not load (a dropped connection): the editor saves by calls.
      console.error(error);
      if (!cancelled) failed();
    });
    return () => {
      cancelled = true;
      joined?.leave();
      setSession(null);
    };
  }, [target, app.appSlug, user.userId, connecting, failed, join]);

  return session;
}
