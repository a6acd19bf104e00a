import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useCurrentApp } from '../current-app/app-context';

/** The card around the sign-in and register screens, titled like the application (spec 1 screen 1). */
export function AuthFrame({ subtitle, children }: { subtitle: string; children: ReactNode }) {
  const { title } = useCurrentApp();
  return (
    <Center component="main" mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={420}>
        <Stack gap={4} mb="lg" align="center">
          <Title order={1} c="blue.7" style={{ letterSpacing: 2 }}>{title}</Title>
          <Text c="dimmed" size="sm">{subtitle}</Text>
        </Stack>
        {children}
      </Paper>
    </Center>
  );
}
