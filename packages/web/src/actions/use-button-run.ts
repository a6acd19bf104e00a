import type { Component } from '@rakit/core';
import { useContext, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { CurrentAppContext } from '../shell/app-context';
import { notifyFailure, notifySuccess } from '../shell/notify';
import { allFieldValues, type PageFormStore, usePageFormStore } from '../widgets/form-state';
import { setGlobalVariables } from '../widgets/global-variables';
import { usePlaceholderValues } from '../widgets/shared/placeholder-values';
import type { WidgetMode } from '../widgets/types';
import { actionsOfComponent } from './config-of';
import { saveResponseFile } from './file-download';
import { runButtonActions } from './run-chain';

/**
 * A button's click (spec 2 §4): in preview mode, on a saved page (a PageFormProvider given the
 * page's id, as the runtime viewer does), it runs the component's actions with `running` true
 * meanwhile. In design mode, and in the editor's preview (no page id), a click does nothing:
 * actions never execute in the editor (spec 2 §2).
 */
export function useButtonRun(component: Component, mode: WidgetMode): { run: () => void; running: boolean } {
  const store = usePageFormStore();
  const current = useContext(CurrentAppContext);
  const { userId } = usePlaceholderValues();
  const navigate = useNavigate();
  const { groupSlug, appPreview } = useParams();
  const [running, setRunning] = useState(false);

  async function runActions(form: PageFormStore, pageId: number) {
    if (current === null) return;
    const appSlug = current.app.appSlug;
    setRunning(true);
    try {
      await runButtonActions(actionsOfComponent(component), {
        pageId,
        componentId: component.id,
        userId: userId ?? '',
        pageValues: () => allFieldValues(form.getState()),
        validateAll: () => form.getState().validateAll(),
        api: current.api,
        fetch: (...args) => window.fetch(...args),
        // Members stay in their group; the preview window opens the page in the preview.
        openPage: (pageSlug) => navigate(current.path(appPreview === undefined && groupSlug !== undefined ? `${groupSlug}/${pageSlug}` : `preview/${pageSlug}`)),
        back: () => navigate(-1),
        setGlobals: (variables) => setGlobalVariables(appSlug, variables),
        saveFile: saveResponseFile,
        notifySuccess,
        notifyFailure,
      });
    } finally {
      setRunning(false);
    }
  }

  return {
    running,
    run: () => {
      const pageId = store?.getState().pageId ?? null;
      if (mode === 'preview' && store !== null && pageId !== null && !running) void runActions(store, pageId);
    },
  };
}
