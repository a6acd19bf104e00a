import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Title of an administration screen (its one h1) with its buttons on the right. */
export function ScreenHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Group justify="space-between" mb="lg" gap="sm">
      <Title order={1} size="h2">{title}</Title>
      {children !== undefined && <Group gap="sm">{children}</Group>}
    </Group>
  );
}
