import type { Component } from '@rakit/core';
import { useState } from 'react';
import { notifyFailure, notifySuccess } from '../shell/notify';
import type { WidgetMode } from '../widgets/types';
import { actionsOfComponent } from './config-of';
import { runButtonActions } from './run-chain';
import { type PageActionScope, usePageActionScope } from './use-action-runtime';

/**
 * A button's click (spec 2 §4): in preview mode, on a saved page (a PageFormProvider given the
 * page's id, as the runtime viewer does), it runs the component's actions with `running` true
 * meanwhile. In design mode, and in the editor's preview (no page id), a click does nothing:
 * actions never execute in the editor (spec 2 §2).
 */
export function useButtonRun(component: Component, mode: WidgetMode): { run: () => void; running: boolean } {
  const scope = usePageActionScope(component);
  const [running, setRunning] = useState(false);

  async function runActions(page: PageActionScope) {
    setRunning(true);
    try {
      await runButtonActions(actionsOfComponent(component), {
        ...page.runtime(),
        validateAll: () => page.store.getState().validateAll(),
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
      if (mode === 'preview' && scope !== null && !running) void runActions(scope);
    },
  };
}
