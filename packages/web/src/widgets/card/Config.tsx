import { useT } from '../../i18n/LanguageProvider';
import { PanelStack, TextAreaField, TitleField } from '../shared/config-fields';
import type { WidgetConfigProps } from '../types';

export function CardConfig(props: WidgetConfigProps<'card'>) {
  const t = useT();
  return (
    <PanelStack>
      <TitleField {...props} label={t('formwidgets.card.title')} />
      <TextAreaField {...props} field="description" label={t('formwidgets.card.description')} rows={2} />
    </PanelStack>
  );
}
