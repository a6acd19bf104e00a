import { useT } from '../../i18n/LanguageProvider';
import { PanelStack, PlaceholderField, RequiredDisabledFields, TitleField, withChanges } from '../shared/config-fields';
import type { WidgetConfigProps } from '../types';
import { DateField } from './DateField';

export function DatetimeConfig(props: WidgetConfigProps<'datetime'>) {
  const t = useT();
  const { component, onChange } = props;
  return (
    <PanelStack>
      <TitleField {...props} />
      <PlaceholderField {...props} />
      <DateField label={t('formwidgets.common.defaultValue')} placeholder={t('formwidgets.datetime.none')} value={component.initValue} onChange={(iso) => onChange(withChanges(component, { initValue: iso }))} />
      <RequiredDisabledFields {...props} />
    </PanelStack>
  );
}
