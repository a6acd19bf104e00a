import { apiSourceCalls, databaseCalls, menuCalls, type MessageKey, printCalls, triggerCalls, variableCalls } from '@rakit/core';
import { useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
import { type ApiAnswer, type AppApi, firstError } from '../api/client';
import { CurrentAppContext } from '../current-app/app-context';
import { t } from '../i18n/i18n';

/** A list of the current application, loaded once for the dialogs; a failed answer is an error (`failure` when it names none). */
function useAppList<T>(key: string, failure: MessageKey, load: (api: AppApi, appId: number) => Promise<ApiAnswer<T[]>>, wanted = true) {
  const current = useContext(CurrentAppContext);
  return useQuery({
    queryKey: [key, current?.app.appId],
    queryFn: async (): Promise<T[]> => {
      if (current === null) return [];
      const answer = await load(current.api, current.app.appId);
      if (!answer.status) throw new Error(firstError(answer, t(failure)));
      return answer.data ?? [];
    },
    enabled: current !== null && wanted,
    staleTime: 30_000,
  });
}

/** The application's connections with their tables and columns. */
export const useDatabases = () => useAppList('action-databases', 'actions.data.databasesFailed', (api, appId) => api.call(databaseCalls.listDatabase, { params: { appId } }));

/** The application's APIs with their endpoints (issue 40: a data widget's rows may come from one), once `wanted`. */
export const useApiSources = (wanted: boolean) => useAppList('api-sources-of-widgets', 'datawidgets.source.endpointsFailed', (api, appId) => api.call(apiSourceCalls.listApiSources, { params: { appId } }), wanted);

/** The application's pages (REDIRECT targets). */
export const useAppPages = () => useAppList('action-pages', 'actions.data.pagesFailed', (api, appId) => api.call(menuCalls.listAppPages, { params: { appId } }));

/** The application's stored triggers (the Trigger section's picker); the key is invalidated after a save. */
export const TRIGGERS_KEY = 'action-triggers';
export const useTriggers = () => useAppList(TRIGGERS_KEY, 'actions.data.triggersFailed', (api, appId) => api.call(triggerCalls.listTriggers, { params: { appId } }));

/** The application's print templates (GET /print/listTemplates). */
export const PRINT_TEMPLATES_KEY = 'print-templates';
export const usePrintTemplates = () => useAppList(PRINT_TEMPLATES_KEY, 'actions.data.templatesFailed', (api, appId) => api.call(printCalls.listTemplates, { query: { appId } }));

/** The environment's named variables (issue 39): the value pickers offer their names. */
export const VARIABLES_KEY = 'app-variables';
export const useVariables = () => useAppList(VARIABLES_KEY, 'actions.data.variablesFailed', (api, appId) => api.call(variableCalls.listVariables, { params: { appId } }));
