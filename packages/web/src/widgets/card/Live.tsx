import { Card, Stack, Text } from '@mantine/core';
import { Children } from 'react';
import { useT } from '../../i18n/LanguageProvider';
import type { WidgetLiveProps } from '../types';
import { WidgetTitle } from '../shared/WidgetTitle';

/** A card (spec 2 §2): its title and description above the components it holds, which the host renders. */
export function CardLive({ component, mode, children }: WidgetLiveProps<'card'>) {
  const t = useT();
  const { description } = component;
  const empty = Children.count(children) === 0;
  return (
    <Card withBorder shadow="sm" radius="md" padding="lg">
      <Stack gap="sm">
        {component.title === '' && description === '' ? null : (
          <div>
            {component.title === '' ? null : <WidgetTitle>{component.title}</WidgetTitle>}
            {description === '' ? null : <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>{description}</Text>}
          </div>
        )}
        {empty && mode === 'design' ? (
          <Text size="sm" c="dimmed" ta="center" py="md" style={{ border: '1px dashed var(--mantine-color-gray-4)', borderRadius: 8 }}>
            {t('formwidgets.card.emptyHint')}
          </Text>
        ) : children}
      </Stack>
    </Card>
  );
}
