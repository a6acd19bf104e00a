import { useEffect } from 'react';
import { useCurrentApp } from '../../current-app/app-context';
import { notifyFailure, notifyInfo } from '../../components/notify';
import { useSession } from '../../session/session-context';
import { readSession } from '../../session/session-storage';
import { editorStore, useEditor } from '../../state/editor-store';
import type { LostReason } from '../../live/shared-document';

const LOST: Record<LostReason, { title: string; message: string } | null> = {
  // No socket (a proxy that does not pass it): the page saves as before, quietly.
  unavailable: null,
  forbidden: { title: 'Live editing stopped', message: 'Your session no longer allows editing this page. Sign in again to go on.' },
  deleted: { title: 'This page was deleted', message: 'Another builder deleted this page.' },
  refused: { title: 'A change was refused', message: 'The server refused a change to this page; it was not saved.' },
};

/**
 * Joins the shared document of the page open in the editor while `enabled`, and leaves it
 * when the page changes or the editor closes. Yjs and its provider load with the first page.
 */
export function useLivePage(enabled: boolean): void {
  const { app } = useCurrentApp();
  const { user } = useSession();
  const pageId = useEditor((state) => state.page?.pageId ?? null);

  useEffect(() => {
    if (!enabled || pageId === null) return;
    editorStore.getState().liveConnecting();
    let leave: (() => void) | undefined;
    let cancelled = false;
    void import('./live-page').then(({ joinLivePage }) => {
      if (cancelled) return;
      leave = joinLivePage({
        store: editorStore,
        pageId,
        name: user.userId,
        token: () => {
          const stored = readSession(app.appSlug);
          return stored.kind === 'ok' ? stored.session.user.token : '';
        },
        onLost: (reason) => {
          const lost = LOST[reason];
          if (lost === null) return;
          if (reason === 'deleted') notifyInfo(lost.message, lost.title);
          else notifyFailure(`${lost.title}: ${lost.message}`);
        },
      }).leave;
    }, (error: unknown) => {
      // The module could not load (a dropped connection): the editor saves with saveApp.
      console.error(error);
      if (!cancelled) editorStore.getState().liveEnded();
    });
    return () => {
      cancelled = true;
      leave?.();
    };
  }, [enabled, pageId, app.appSlug, user.userId]);
}
