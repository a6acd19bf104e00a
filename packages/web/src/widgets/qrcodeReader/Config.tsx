import { Text } from '@mantine/core';
import { useT } from '../../i18n/LanguageProvider';
import { PanelStack, RequiredDisabledFields, TitleField } from '../shared/config-fields';
import type { WidgetConfigProps } from '../types';

/** The QR reader's panel: its label, required and disabled; the decoded text is its value. */
export function QrcodeReaderConfig(props: WidgetConfigProps<'qrcodeReader'>) {
  const t = useT();
  return (
    <PanelStack>
      <TitleField {...props} />
      <RequiredDisabledFields {...props} />
      <Text size="xs" c="dimmed">{t('formwidgets.qrcodeReader.valueNote')}</Text>
    </PanelStack>
  );
}
