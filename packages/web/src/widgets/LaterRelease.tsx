import { Alert, Text } from '@mantine/core';
import type { ConfigProps, LiveProps } from './types';

/** The face of a widget type whose live face and panel arrive in a later release. */
export function LaterReleaseLive({ component }: LiveProps) {
  return (
    <Alert variant="light" color="gray" title={component.title === '' ? component.type : component.title}>
      <Text size="sm">The {component.type} widget is configured in a later release.</Text>
    </Alert>
  );
}

export function LaterReleaseConfig({ component }: ConfigProps) {
  return <Text size="sm" c="dimmed">Settings of the {component.type} widget arrive in a later release.</Text>;
}
