import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface WorkflowPanelProps {
  title: string;
  testId: string;
  addLabel: string;
  onAdd: () => void;
  intro: string;
  /** Said while the workflow has no built version (what the panel's things run), else null. */
  notBuilt: string | null;
  children: ReactNode;
}

/** A panel below the workflow's canvas of things that start it (schedules, webhooks): its title, an Add button, what it is for. */
export function WorkflowPanel({ title, testId, addLabel, onAdd, intro, notBuilt, children }: WorkflowPanelProps) {
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={title} data-testid={testId}>
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">{title}</Title>
        <Button size="xs" leftSection={<IconPlus size={14} />} onClick={onAdd}>{addLabel}</Button>
      </Group>
      <Text size="sm" c="dimmed" mb="xs">{intro}</Text>
      {notBuilt !== null && <Text size="sm" c="orange" mb="xs">{notBuilt}</Text>}
      {children}
    </Paper>
  );
}
