import type { Component } from '@rakit/core';
import { useRef, useState } from 'react';
import { useKeepForLater } from './keep-for-later';
import { notifyFailure, notifySuccess } from '../components/notify';
import { exclusively } from './exclusive-run';
import type { WidgetMode } from '../page-state/mode';
import { actionsOfComponent } from './config-of';
import { runButtonActions } from './run-chain';
import { type PageActionScope, usePageActionScope } from './use-action-runtime';

/**
 * A button's click (spec 2 §4): in preview mode, on a saved page (a PageFormProvider given the
 * page's id, as the runtime viewer does), it runs the component's actions with `running` true
 * meanwhile, and then clears its form when the author chose so. In design mode, and in the editor's preview (no page id), a click does nothing:
 * actions never execute in the editor (spec 2 §2).
 */
export function useButtonRun(component: Component, mode: WidgetMode): { run: () => void; running: boolean } {
  const scope = usePageActionScope(component);
  const later = useKeepForLater(component);
  const [running, setRunning] = useState(false);
  // A ref, not the state: a second click before React re-renders must not run the actions again.
  const busy = useRef(false);

  const runActions = (page: PageActionScope) => exclusively(busy, async () => {
    const runtime = page.runtime();
    const result = await runButtonActions(actionsOfComponent(component), {
      ...runtime,
      validateAll: () => page.store.getState().validateAll(),
      notifySuccess,
      notifyFailure,
      // Offline, the click's writes wait on the device (issue 38).
      ...(later === null ? {} : {
        keepForLater: { offline: later.offline(), keep: (steps, params, key) => later.keep(steps, component.title === '' ? component.id : component.title, { params, key, fromForm: true }) },
      }),
    });
    // The author's choice (on by default): a saved form starts empty again for the next entry.
    if (result === 'done' && component.type === 'button' && component.clearAfterSuccess) page.store.getState().clearFormOf(component.id);
  }, setRunning);

  return {
    running,
    run: () => {
      if (mode === 'preview' && scope !== null) void runActions(scope);
    },
  };
}
