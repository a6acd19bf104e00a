import { type ApiOptions, type DropdownOption, MAX_API_OPTIONS, apiSourceCalls } from '@rakit/core';
import { useQuery } from '@tanstack/react-query';
import { useContext, useMemo } from 'react';
import { ApiUnreachableError } from '../../api/client';
import { CurrentAppContext } from '../../current-app/app-context';
import { useT } from '../../i18n/LanguageProvider';
import { OFFLINE_KEPT } from '../../offline/offline-cache';
import { usePageFormStore } from '../../page-state/form-state';
import { readGlobalValues } from '../../page-state/global-variables';
import type { WidgetMode } from '../types';
import { functionValues, pageContentKey } from './content';

/**
 * The options a dropdown, radio or checkbox reads from an endpoint of the application's APIs
 * (issue 40) through POST /get/loadApiOptions. As a data widget's rows: only a widget of a saved
 * page in preview mode loads (the server reads its saved configuration), with the page's values
 * for the endpoint's {{ }} parameters, and the options last read stay on the device. In the
 * editor the widget shows two sample options.
 */

/** The fields of a choice widget that say where its options come from. */
export interface ApiOptionsSource {
  id: string;
  /** The endpoint; 0: the widget's own options. */
  apiEndpointId: number;
}

export interface ApiOptionsState {
  /** The widget's options come from an endpoint (apiEndpointId > 0). */
  fromApi: boolean;
  /** Real options are loaded (a saved page in preview mode); else the editor's samples. */
  live: boolean;
  /** The endpoint's options, the samples in the editor, none until loaded or when the load failed. */
  options: readonly DropdownOption[];
  /** The first load is under way. */
  loading: boolean;
  /** The options could not be loaded: the field has none. */
  failed: boolean;
  /** Why (the server's words), for the application's administrators; null when it did not fail. */
  failure: string | null;
  /** The note under the field: the editor's "from the API", or the failed load's; undefined when none. */
  note: string | undefined;
}

/** One load's answer: the options (with what was left of them), or none and why. */
interface Loaded extends Pick<ApiOptions, 'options' | 'truncated' | 'withComma'> {
  failure: string | null;
}

const NO_OPTIONS: readonly DropdownOption[] = [];

export function useApiOptions(component: ApiOptionsSource, mode: WidgetMode): ApiOptionsState {
  const t = useT();
  const current = useContext(CurrentAppContext);
  const store = usePageFormStore();
  const pageId = store?.getState().pageId ?? null;
  const fromApi = component.apiEndpointId > 0;
  const live = fromApi && mode === 'preview' && pageId !== null && current !== null;
  const params = live && current !== null ? functionValues(readGlobalValues(current.app.appSlug)) : undefined;
  const result = useQuery<Loaded>({
    // Under the page's content: a save of the page makes its options stale with its rows.
    queryKey: [...pageContentKey(current?.app.appSlug, pageId), component.id, 'api-options', params],
    enabled: live,
    refetchOnWindowFocus: false,
    // The options last read stay on the device for a visit without a network (issue 38).
    ...OFFLINE_KEPT,
    queryFn: async ({ signal }): Promise<Loaded> => {
      if (current === null || pageId === null) return { options: [], truncated: false, withComma: 0, failure: null };
      try {
        const answer = await current.api.call(apiSourceCalls.loadApiOptions, { body: { pageId, componentId: component.id, params: params ?? {} } }, { signal });
        if (!answer.status || answer.data === undefined) throw new Error(answer.error?.join(', ') ?? `HTTP ${answer.httpStatus}`);
        return { ...answer.data, failure: null };
      } catch (error) {
        // Aborted, or the network gone: the options last read stay.
        if (signal.aborted || error instanceof ApiUnreachableError) throw error;
        console.error(`The options of ${component.id} could not be loaded`, error);
        return { options: [], truncated: false, withComma: 0, failure: error instanceof Error ? error.message : String(error) };
      }
    },
  });
  const samples = useMemo<readonly DropdownOption[]>(() => [1, 2].map((number) => {
    const text = t('formwidgets.apiOptions.sample', { number });
    return { textOption: text, valueOption: text };
  }), [t]);
  if (!fromApi) return { fromApi, live, options: NO_OPTIONS, loading: false, failed: false, failure: null, note: undefined };
  if (!live) return { fromApi, live, options: samples, loading: false, failed: false, failure: null, note: t('formwidgets.apiOptions.editorNote') };
  const loaded = result.data;
  // Until the first answer (or the options kept on the device, while they are read back), unless
  // the request waits for a network: nothing kept and nothing read fails as a refused load does.
  const loading = loaded === undefined && result.fetchStatus !== 'paused' && !result.isError;
  const failure = loaded?.failure ?? (result.error === null ? null : result.error.message);
  const failed = !loading && (failure !== null || loaded === undefined);
  return { fromApi, live, options: loaded?.options ?? NO_OPTIONS, loading, failed, failure, note: failed ? t('formwidgets.apiOptions.failed') : loadedNote(loaded, t) };
}

/** What the field says of options that loaded: none at all, some left out, only the first ones. */
function loadedNote(loaded: Loaded | undefined, t: ReturnType<typeof useT>): string | undefined {
  if (loaded === undefined) return undefined;
  const notes = [
    loaded.options.length === 0 && loaded.withComma === 0 ? t('formwidgets.apiOptions.none') : '',
    loaded.withComma > 0 ? t('formwidgets.apiOptions.withComma', { count: String(loaded.withComma) }) : '',
    loaded.truncated ? t('formwidgets.apiOptions.truncated', { count: String(MAX_API_OPTIONS) }) : '',
  ].filter((note) => note !== '');
  return notes.length === 0 ? undefined : notes.join(' ');
}

/** An option as a face shows it: the value it gives, and its text (its value when it has none). Never HTML. */
export const shownChoices = (options: readonly DropdownOption[]) =>
  options.map((o) => ({ value: o.valueOption, label: o.textOption === '' ? o.valueOption : o.textOption }));
