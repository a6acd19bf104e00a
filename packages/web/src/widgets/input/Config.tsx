import { INPUT_SUBTYPES, type MessageKey, normaliseInputValue } from '@rakit/core';
import { useT } from '../../i18n/LanguageProvider';
import { ChoiceField, PanelStack, PlaceholderField, RequiredDisabledFields, TextField, TitleField } from '../shared/config-fields';
import type { WidgetConfigProps } from '../types';

const SUBTYPE_LABELS: Record<(typeof INPUT_SUBTYPES)[number], MessageKey> = {
  text: 'formwidgets.input.subtypeText', number: 'formwidgets.input.subtypeNumber', password: 'formwidgets.input.subtypePassword',
  email: 'formwidgets.input.subtypeEmail', tel: 'formwidgets.input.subtypeTel', url: 'formwidgets.input.subtypeUrl',
};

export function InputConfig(props: WidgetConfigProps<'input'>) {
  const t = useT();
  const { subtype } = props.component;
  return (
    <PanelStack>
      <TitleField {...props} />
      <ChoiceField {...props} field="subtype" label={t('formwidgets.input.type')} segmented={false} data={INPUT_SUBTYPES.map((value) => ({ value, label: t(SUBTYPE_LABELS[value]) }))} />
      <PlaceholderField {...props} />
      <TextField {...props} field="initValue" label={t('formwidgets.common.defaultValue')} normalise={(typed) => normaliseInputValue(subtype, typed)} />
      <RequiredDisabledFields {...props} />
    </PanelStack>
  );
}
