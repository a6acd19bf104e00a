import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';

/** An admin screen whose tools are not built yet: says so plainly, shows no made-up data. */
export function LaterReleasePanel({ title }: { title: string }) {
  return (
    <Paper withBorder radius="md" p="xl" maw={640} mx="auto" mt="xl">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light">
          <IconHourglass size={26} />
        </ThemeIcon>
        <Title order={2}>{title}</Title>
        <Text c="dimmed">This screen arrives in a later release.</Text>
      </Stack>
    </Paper>
  );
}
