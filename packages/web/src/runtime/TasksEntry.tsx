import { Badge, NavLink } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useCurrentApp } from '../current-app/app-context';
import { useT } from '../i18n/LanguageProvider';
import { myTasksKey } from './my-tasks';

// Opened when there is something to answer: its code is not part of a member's first load.
const TasksDialog = lazy(() => import('./TasksDialog'));

/** How often the count is asked again while the page is open (and whenever the window is back in focus). */
const TASKS_REFRESH_MS = 60_000;

/**
 * "Tasks" in the runtime's menu (issue 37): shown while an Approval or a Wait for Input waits for
 * the member or one of his groups, with how many; it opens them to answer.
 */
export function TasksEntry() {
  const t = useT();
  const { app, api } = useCurrentApp();
  const [opened, setOpened] = useState(false);
  const tasks = useQuery({
    queryKey: myTasksKey(app.appId),
    queryFn: async () => {
      const answer = await api.listMyTasks(app.appId);
      return answer.status ? answer.data ?? [] : [];
    },
    refetchInterval: TASKS_REFRESH_MS,
  });
  const count = tasks.data?.length ?? 0;
  if (count === 0 && !opened) return null;
  return (
    <>
      <NavLink
        component="button"
        label={t('shell.tasks.entry')}
        leftSection={<IconChecklist size={16} />}
        aria-label={`${t('shell.tasks.entry')}, ${t('shell.tasks.waiting', { count: String(count) })}`}
        rightSection={<Badge size="sm" color="red" circle={count < 10}>{count}</Badge>}
        onClick={() => setOpened(true)}
        data-testid="tasks-entry"
      />
      {opened && <Suspense fallback={null}><TasksDialog onClose={() => setOpened(false)} /></Suspense>}
    </>
  );
}
