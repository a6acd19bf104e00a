import { Text } from '@mantine/core';
import { useT } from '../../i18n/LanguageProvider';
import { PanelStack, PlaceholderField, RequiredDisabledFields, TitleField } from '../shared/config-fields';
import type { WidgetConfigProps } from '../types';

/** The address search's panel (spec 3 §2): its label, placeholder and required flag. */
export function AddressConfig(props: WidgetConfigProps<'address'>) {
  const t = useT();
  return (
    <PanelStack>
      <TitleField {...props} />
      <PlaceholderField {...props} />
      <RequiredDisabledFields {...props} />
      <Text size="xs" c="dimmed">{t('formwidgets.address.areaDataNote')}</Text>
    </PanelStack>
  );
}
