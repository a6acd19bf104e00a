import { Text } from '@mantine/core';
import { PanelStack, TitleField } from '../shared/config-fields';
import type { WidgetConfigProps } from '../types';

/** The school address's panel: its label; it follows the page's school search. */
export function SchooladdressConfig(props: WidgetConfigProps<'schooladdress'>) {
  return (
    <PanelStack>
      <TitleField {...props} />
      <Text size="xs" c="dimmed">Shows the address of the school chosen in the School Search of this page.</Text>
    </PanelStack>
  );
}
