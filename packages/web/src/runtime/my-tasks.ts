import { workflowTaskCalls } from '@rakit/core';
import { useQuery } from '@tanstack/react-query';
import { firstError } from '../api/client';
import { useCurrentApp } from '../current-app/app-context';
import { t } from '../i18n/i18n';

/** The query of the member's open tasks (issue 37): the menu's count and the dialog share it. */
export const myTasksKey = (appId: number) => ['my-tasks', appId] as const;

/** How often the list is asked again while the page is open (and whenever the window is back in focus). */
const TASKS_REFRESH_MS = 60_000;

/** The member's open tasks, asked again every minute: the menu's count and the dialog read the same query. */
export function useMyTasks() {
  const { app, api } = useCurrentApp();
  return useQuery({
    queryKey: myTasksKey(app.appId),
    queryFn: async () => {
      const answer = await api.call(workflowTaskCalls.listMyTasks, { params: { appId: app.appId } });
      if (!answer.status) throw new Error(firstError(answer, t('shell.tasks.loadFailed')));
      return answer.data ?? [];
    },
    refetchInterval: TASKS_REFRESH_MS,
  });
}
