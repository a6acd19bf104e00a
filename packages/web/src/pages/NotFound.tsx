import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { SpaceArt } from './SpaceArt';

/** /404: the space-art picture, 'Page not found' and a way home. */
export function NotFound() {
  return (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center" gap="md" ta="center">
        <SpaceArt />
        <Title order={1}>Page not found</Title>
        <Text c="dimmed">The address you followed leads nowhere in this universe.</Text>
        <Anchor component={Link} to="/">Back to home</Anchor>
      </Stack>
    </Center>
  );
}
