import { Text } from '@mantine/core';
import { PanelStack, PlaceholderField, RequiredDisabledFields, TitleField } from '../shared/config-fields';
import type { WidgetConfigProps } from '../types';
import { AREA_DATA_NOTE } from './Live';

/** The address search's panel (spec 3 §2): its label, placeholder and required flag. */
export function AddressConfig(props: WidgetConfigProps<'address'>) {
  return (
    <PanelStack>
      <TitleField {...props} />
      <PlaceholderField {...props} />
      <RequiredDisabledFields {...props} />
      <Text size="xs" c="dimmed">{AREA_DATA_NOTE}</Text>
    </PanelStack>
  );
}
