import { Text } from '@mantine/core';
import { PanelStack, PlaceholderField, RequiredDisabledFields, TitleField } from '../shared/config-fields';
import type { WidgetConfigProps } from '../types';

/** The school search's panel: label, placeholder, required (spec 3 §2 shows none; these are the form fields'). */
export function SchoolConfig(props: WidgetConfigProps<'school'>) {
  return (
    <PanelStack>
      <TitleField {...props} />
      <PlaceholderField {...props} />
      <RequiredDisabledFields {...props} />
      <Text size="xs" c="dimmed">Schools come from the school directory the super administrator imports in the root application. The value is the chosen school's NPSN.</Text>
    </PanelStack>
  );
}
