import { Text } from '@mantine/core';
import { PanelStack, RequiredDisabledFields, TitleField } from '../shared/config-fields';
import type { WidgetConfigProps } from '../types';

/** The QR reader's panel: its label, required and disabled; the decoded text is its value. */
export function QrcodeReaderConfig(props: WidgetConfigProps<'qrcodeReader'>) {
  return (
    <PanelStack>
      <TitleField {...props} />
      <RequiredDisabledFields {...props} />
      <Text size="xs" c="dimmed">The text of the last QR code read is this widget&apos;s value, for buttons and actions like any input&apos;s.</Text>
    </PanelStack>
  );
}
