import { Box, Text } from '@mantine/core';
import { mayUseScreen } from '@rakit/core';
import { useCurrentApp } from '../../current-app/app-context';
import { useT } from '../../i18n/LanguageProvider';
import { useSession } from '../../session/session-context';
import { connectionPlace, isLastEnvironment, useEnvironments } from './environments-query';

/**
 * Which environment a builder is in (issue 39), above every admin screen of an application of a
 * family: its name and where its first connection leads, the one members use (Production) in
 * red, so a change meant for Development is not made there by mistake. Only an application's
 * administrators ask for it: a member's screens never call it.
 */
export function EnvironmentBanner() {
  const { app } = useCurrentApp();
  const { user } = useSession();
  const environments = useEnvironments(mayUseScreen('appAdmin', user.userGroup, app)).data?.environments ?? [];
  const t = useT();
  const current = environments.find((environment) => environment.appId === app.appId);
  if (current === undefined) return null;
  const connection = current.connections[0];
  const last = isLastEnvironment(environments, current);
  return (
    // Flush under the top bar, across the screen's padding; one line that wraps on a phone rather than cut.
    <Box
      component="section"
      aria-label={t('admin.environments.banner.label')}
      data-testid="environment-banner"
      mx="calc(var(--mantine-spacing-md) * -1)"
      mt="calc(var(--mantine-spacing-md) * -1)"
      mb="md"
      px="md"
      py={4}
      bg={last ? 'red.8' : 'teal.1'}
      c={last ? 'white' : 'teal.9'}
    >
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {connection === undefined
          ? t('admin.environments.banner.text', { name: current.name })
          : t('admin.environments.banner.withConnection', { name: current.name, connection: connectionPlace(connection) })}
      </Text>
    </Box>
  );
}
