import { Button, Group, Paper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useT } from '../i18n/LanguageProvider';
import { acceptInstallOffer, rememberOffered, useInstallOffer, wasOffered } from './install-prompt';

/** A phone: a narrow screen worked by touch (never a desktop's narrowed window). */
const PHONE = '(max-width: 48em) and (pointer: coarse)';

/**
 * Offers a member on a phone to install the application, once (issue 38): when the browser
 * offers it and the member has begun to work (a moment after his first click or key, so the
 * offer is never what a page opens with), at the foot of the member's pages; Install opens the
 * browser's dialog, Not now puts it away, and either way it is not offered again for this
 * application on this device.
 */
export function InstallBanner({ appSlug, appName }: { appSlug: string; appName: string }) {
  const t = useT();
  const offered = useInstallOffer();
  const phone = useMediaQuery(PHONE, false, { getInitialValueInEffect: false });
  const [answered, setAnswered] = useState(() => wasOffered(appSlug));
  if (!offered || !phone || answered) return null;

  const answer = (install: boolean) => {
    rememberOffered(appSlug);
    setAnswered(true);
    if (install) void acceptInstallOffer();
  };
  const title = t('shell.install.title', { name: appName });
  return (
    <Paper
      role="region" aria-label={title} withBorder shadow="md" p="sm" radius="md"
      pos="fixed" bottom={12} left={12} right={12} style={{ zIndex: 200 }}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm" fw={600}>{title}</Text>
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="subtle" color="gray" onClick={() => answer(false)}>{t('shell.install.notNow')}</Button>
          <Button size="xs" onClick={() => answer(true)}>{t('shell.install.install')}</Button>
        </Group>
      </Group>
    </Paper>
  );
}
