import { useMemo } from 'react';
import { type JoinBasics, useLiveJoin } from '../../live/use-live-join';
import { editorStore, useEditor } from '../../state/editor-store';

/**
 * Joins the shared document of the page open in the editor while `enabled`, and leaves it
 * when the page changes or the editor closes. Yjs and its provider load with the first page.
 */
export function useLivePage(enabled: boolean): void {
  const pageId = useEditor((state) => state.page?.pageId ?? null);
  const target = enabled ? pageId : null;
  const bind = useMemo(() => ({
    connecting: () => editorStore.getState().liveConnecting(),
    failed: () => editorStore.getState().liveEnded(),
    join: async (basics: JoinBasics) => {
      const { joinLivePage } = await import('./live-page');
      return joinLivePage({ store: editorStore, pageId: target as number, ...basics });
    },
  }), [target]);
  useLiveJoin(target, bind);
}
