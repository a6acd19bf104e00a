import {
  actionFailureDetail, type Component, type CustomAction, PrintConfigSchema, printBodyProblem, printDataOf,
  printRowsProblem, type RowValues, rowKeyValue, runMayPrint, printCalls, tableCalls } from '@rakit/core';
import { useContext, useRef, useState } from 'react';
import { actionsOfComponent, configOf } from '../../actions/config-of';
import { fileOfAnswer, openPrintedFile, openPrintTab } from '../../actions/file-download';
import type { PendingTab } from '../../actions/pending-tab';
import { ActionFailure, runAction } from '../../actions/run-action';
import { type PageActionScope, usePageActionScope } from '../../actions/use-action-runtime';
import { CurrentAppContext } from '../../current-app/app-context';
import { notifyFailure, notifySuccess } from '../../components/notify';
import { exclusively } from '../../actions/exclusive-run';
import { t } from '../../i18n/i18n';
import { type OwnStep, runRowActions } from './row-run';
import { useValueFormats } from '../shared/use-value-formats';

/**
 * Row actions of a data widget (spec 3 §4): the chosen action runs on a row (or on each selected
 * row), then the actions it causes, through the chain runner. DELETE and EDIT go through the
 * structured row calls; PRINT prints its rows into its template (all the selected rows into one
 * document, its groups one item per row) and opens the PDF; the other kinds run as a button's
 * would, with the row's values keyed by column as their params. One notice per run (row-run.ts),
 * and one run at a time per widget.
 *
 * A run that may print opens the PDF's tab first, synchronously in the user's click (run() is
 * called from the click handler): browsers allow a new tab only within moments of a click, and
 * a print answers after seconds. The tab shows 'Preparing the PDF…' until the PDF is there and
 * is closed when the run ends without showing it (the print failed, or was never reached).
 */

export interface RowActionRunner {
  /** False where actions never run (the editor). */
  ready: boolean;
  /** True while a run is under way; another run asked for meanwhile is ignored. */
  running: boolean;
  /** Runs `chosen` on `rows`; answers whether it succeeded (false when ignored). Never throws. */
  run: (chosen: CustomAction, rows: readonly RowValues[], own?: OwnStep) => Promise<boolean>;
}

/** The actions that write the widget's own row through its primary key: none run on an API's rows (issue 40). */
export const writesRow = (action: { action: string }): boolean => action.action === 'EDIT' || action.action === 'DELETE';

/** Throws an ActionFailure for a failed answer. */
export function assertAnswered(answer: { status: boolean; error?: string[]; code?: string; httpStatus: number }): void {
  if (!answer.status) throw new ActionFailure(actionFailureDetail(answer.error, `HTTP ${answer.httpStatus}`, answer.code));
}

/**
 * `quiet`: no notice when a run succeeds (the widget shows it itself: the barcode's history says
 * 'Tersinkronisasi' on each line, where a notice per scan would cover the scan input).
 */
export function useRowActions(component: Component, primaryKey: string | null, afterRun: () => void, quiet = false): RowActionRunner {
  const scope = usePageActionScope(component);
  const current = useContext(CurrentAppContext);
  const actions = actionsOfComponent(component);
  const busy = useRef(false);
  const [running, setRunning] = useState(false);
  // A print shows numbers and dates as the table showed them to its reader (issue 35).
  const { formats } = useValueFormats();

  async function print(page: PageActionScope, action: CustomAction, rows: readonly RowValues[], tab: PendingTab | null): Promise<void> {
    if (current === null) return;
    const config = configOf(PrintConfigSchema, action.print);
    if (config.document === '') throw new ActionFailure(t('actionTemplateRequired'));
    const runtime = page.runtime(rows[0]);
    const body = { data: printDataOf(config, rows, runtime.pageValues(), runtime.userId, { formats, primaryKey }), options: config.options };
    const tooBig = printBodyProblem(body);
    if (tooBig !== null) throw new ActionFailure(tooBig);
    const answer = await current.api.call(printCalls.printPdf, { params: { document: config.document }, query: { appId: current.app.appId }, body });
    assertAnswered(answer);
    if (answer.data !== undefined) openPrintedFile(fileOfAnswer(answer.data), tab);
  }

  async function step(page: PageActionScope, action: CustomAction, rows: readonly RowValues[], tab: PendingTab | null): Promise<void> {
    if (current === null) return;
    if (action.action === 'PRINT') return print(page, action, rows, tab);
    const row = rows[0] ?? {};
    if (action.action === 'DELETE' || action.action === 'EDIT') {
      const key = rowKeyValue(row, primaryKey);
      if (key === null) throw new ActionFailure(t('rowKeyMissing'));
      if (action.action === 'EDIT') throw new ActionFailure('EDIT runs from the edit dialog');
      assertAnswered(await current.api.call(tableCalls.deleteRow, { body: { pageId: page.pageId, componentId: component.id, actionName: action.name, key } }));
      return;
    }
    await runAction(action, page.runtime(row));
  }

  return {
    ready: scope !== null && current !== null,
    running,
    run: async (chosen, rows, own) => {
      if (scope === null || busy.current) return false;
      const tooMany = chosen.action === 'PRINT' ? printRowsProblem(rows.length) : null;
      if (tooMany !== null) {
        notifyFailure(tooMany);
        return false;
      }
      // Still in the click: nothing has been awaited yet.
      const tab = runMayPrint(actions, chosen) ? openPrintTab() : null;
      // A failed run closes the waiting tab before its notice, so the person sees the notice.
      const failed = (message: string) => {
        tab?.discard();
        notifyFailure(message);
      };
      try {
        const succeeded = await exclusively(busy, () => runRowActions({
          actions, step: (action, batch) => step(scope, action, batch, tab), notifySuccess: quiet ? () => undefined : () => notifySuccess(t('actionSucceeded')), notifyFailure: failed, log: console.error, afterRun,
        }, chosen, rows, own), setRunning);
        return succeeded === true;
      } finally {
        tab?.discard();
      }
    },
  };
}
