import { Paper, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useCurrentApp } from '../shell/app-context';
import { useSession } from '../shell/session-context';

/** Landing page of a normal user after sign-in: /{appSlug}/{groupSlug}[/{pageSlug}]. */
export function GroupLanding() {
  const { app } = useCurrentApp();
  const { user } = useSession();
  const { groupSlug = '' } = useParams();
  const group = user.userGroup.find((g) => g.groupSlug.toLowerCase() === groupSlug.toLowerCase());

  return (
    <Paper withBorder radius="md" p="xl" maw={720} mx="auto" mt="xl">
      <Stack gap="xs">
        <Text c="dimmed" size="sm">Welcome to</Text>
        <Title order={2}>{app.appName}</Title>
        <Text>
          Group: <Text span fw={600}>{group?.groupName ?? groupSlug}</Text>
        </Text>
        <Text c="dimmed" mt="md">
          This application has no pages yet. Pages come with the page editor in a later release.
        </Text>
      </Stack>
    </Paper>
  );
}
