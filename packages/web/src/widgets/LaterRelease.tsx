import { Alert, Text } from '@mantine/core';
import { useT } from '../i18n/LanguageProvider';
import type { ConfigProps, LiveProps } from './types';

/** The face of a widget type whose live face and panel arrive in a later release. */
export function LaterReleaseLive({ component }: LiveProps) {
  const t = useT();
  return (
    <Alert variant="light" color="gray" title={component.title === '' ? component.type : component.title}>
      <Text size="sm">{t('datawidgets.laterRelease.live', { type: component.type })}</Text>
    </Alert>
  );
}

export function LaterReleaseConfig({ component }: ConfigProps) {
  const t = useT();
  return <Text size="sm" c="dimmed">{t('datawidgets.laterRelease.config', { type: component.type })}</Text>;
}
