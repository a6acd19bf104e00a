import type { Component } from '@rakit/core';
import { selectComponents, useEditor } from '../state/editor-store';

/** The page being designed, as the action dialogs need it. */
export interface AuthoringPage {
  /** Its id, for QUERY actions stored against it (saveQuery's actionPageId); null before one is open. */
  pageId: number | null;
  /** Its components: the value components are offered as sources. */
  components: readonly Component[];
}

/**
 * The page open in the page editor. Configuration panels only get their own component, so the
 * action system reads the page from the editor's store — its one coupling to the editor.
 */
export function useAuthoringPage(): AuthoringPage {
  const pageId = useEditor((state) => state.page?.pageId ?? null);
  const components = useEditor(selectComponents);
  return { pageId, components };
}
