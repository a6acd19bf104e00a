import { Group, Loader, Text } from '@mantine/core';
import { useT } from '../../i18n/LanguageProvider';
import type { ApiOptionsState } from './api-options';
import { LoadFailure } from './LoadFailure';

/**
 * Why a choice widget's options did not load from its endpoint, above the field, for the
 * application's administrators (the server's reason). Members see the field without options and
 * its short note (ApiOptionsState.note).
 */
export function ApiOptionsFailure({ state }: { state: ApiOptionsState }) {
  const t = useT();
  if (!state.failed) return null;
  return <LoadFailure failure={state.failure} title={t('formwidgets.apiOptions.failedTitle')} adminNote={t('formwidgets.apiOptions.adminNote')} />;
}

/** In place of a radio's or checkbox's options while they load. */
export function OptionsLoading() {
  const t = useT();
  return (
    <Group gap={8} wrap="nowrap" role="status">
      <Loader size="xs" />
      <Text size="sm" c="dimmed">{t('formwidgets.apiOptions.loading')}</Text>
    </Group>
  );
}
