import { Badge, NavLink } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useT } from '../i18n/LanguageProvider';
import { useMyTasks } from './my-tasks';

// Opened when there is something to answer: its code is not part of a member's first load.
const TasksDialog = lazy(() => import('./TasksDialog'));

/**
 * "Tasks" in the runtime's menu (issue 37): shown while an Approval or a Wait for Input waits for
 * the member or one of his groups, with how many; it opens them to answer.
 */
export function TasksEntry() {
  const t = useT();
  const [opened, setOpened] = useState(false);
  const tasks = useMyTasks();
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
