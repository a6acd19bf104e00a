import { Text } from '@mantine/core';
import { useT } from '../../i18n/LanguageProvider';
import { PanelStack, PlaceholderField, RequiredDisabledFields, TitleField } from '../shared/config-fields';
import type { WidgetConfigProps } from '../types';

/** The school search's panel: label, placeholder, required (spec 3 §2 shows none; these are the form fields'). */
export function SchoolConfig(props: WidgetConfigProps<'school'>) {
  const t = useT();
  return (
    <PanelStack>
      <TitleField {...props} />
      <PlaceholderField {...props} />
      <RequiredDisabledFields {...props} />
      <Text size="xs" c="dimmed">{t('formwidgets.school.sourceNote')}</Text>
    </PanelStack>
  );
}
