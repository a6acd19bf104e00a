import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { SpaceArt } from './SpaceArt';
import { useT } from '../i18n/LanguageProvider';

/** /404: the space-art picture, 'Page not found' and a way home. */
export function NotFound() {
  const t = useT();
  return (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center" gap="md" ta="center">
        <SpaceArt />
        <Title order={1}>{t('shell.notFound.title')}</Title>
        <Text c="dimmed">{t('shell.notFound.text')}</Text>
        <Anchor component={Link} to="/">{t('shell.notFound.home')}</Anchor>
      </Stack>
    </Center>
  );
}
