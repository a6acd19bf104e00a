import type { Component } from '@rakit/core';
import { useContext } from 'react';
import { useNavigate, useParams } from 'react-router';
import { CurrentAppContext } from '../current-app/app-context';
import { allFieldValues, type PageFormStore, usePageFormStore } from '../page-state/form-state';
import { setGlobalVariables } from '../page-state/global-variables';
import { usePlaceholderValues } from '../page-state/placeholder-values';
import { saveResponseFile } from './file-download';
import type { ActionRuntime } from './run-action';

/** What a widget of a saved page needs to run its actions: the page's store and id, and a runtime. */
export interface PageActionScope {
  store: PageFormStore;
  pageId: number;
  /** The application the page belongs to. */
  appSlug: string;
  /** The runtime; `extraValues` are added to the page's values (a data widget's row by column). */
  runtime: (extraValues?: Readonly<Record<string, unknown>>) => ActionRuntime;
}

/** Opens a page of the application by slug: members stay in their group, the preview window in the preview. */
export function usePageOpener(): (pageSlug: string) => void {
  const current = useContext(CurrentAppContext);
  const navigate = useNavigate();
  const { groupSlug, appPreview } = useParams();
  return (pageSlug) => {
    if (current === null) return;
    void navigate(current.path(appPreview === undefined && groupSlug !== undefined ? `${groupSlug}/${pageSlug}` : `preview/${pageSlug}`));
  };
}

/**
 * The action runtime of `component` on the saved page it is shown on, or null where actions
 * never run: outside a PageFormProvider with a page id (the editor, its preview) or outside an
 * application.
 */
export function usePageActionScope(component: Component): PageActionScope | null {
  const store = usePageFormStore();
  const current = useContext(CurrentAppContext);
  const { userId } = usePlaceholderValues();
  const navigate = useNavigate();
  const openPage = usePageOpener();
  const pageId = store?.getState().pageId ?? null;
  if (store === null || pageId === null || current === null) return null;
  const appSlug = current.app.appSlug;
  return {
    store,
    pageId,
    appSlug,
    runtime: (extraValues = {}) => ({
      pageId,
      componentId: component.id,
      userId: userId ?? '',
      pageValues: () => ({ ...allFieldValues(store.getState()), ...extraValues }),
      api: current.api,
      fetch: (...args) => window.fetch(...args),
      openPage,
      back: () => void navigate(-1),
      setGlobals: (variables) => setGlobalVariables(appSlug, variables),
      saveFile: saveResponseFile,
    }),
  };
}
