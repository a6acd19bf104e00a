import { Text } from '@mantine/core';
import { useT } from '../../i18n/LanguageProvider';
import { PanelStack, TitleField } from '../shared/config-fields';
import type { WidgetConfigProps } from '../types';

/** The school address's panel: its label; it follows the page's school search. */
export function SchooladdressConfig(props: WidgetConfigProps<'schooladdress'>) {
  const t = useT();
  return (
    <PanelStack>
      <TitleField {...props} />
      <Text size="xs" c="dimmed">{t('formwidgets.schooladdress.note')}</Text>
    </PanelStack>
  );
}
