import { INPUT_SUBTYPES, normaliseInputValue } from '@rakit/core';
import { ChoiceField, PanelStack, PlaceholderField, RequiredDisabledFields, TextField, TitleField } from '../shared/config-fields';
import type { WidgetConfigProps } from '../types';

const SUBTYPE_LABELS: Record<(typeof INPUT_SUBTYPES)[number], string> = {
  text: 'Text', number: 'Number', password: 'Password', email: 'E-mail', tel: 'Phone (62…)', url: 'URL',
};

export function InputConfig(props: WidgetConfigProps<'input'>) {
  const { subtype } = props.component;
  return (
    <PanelStack>
      <TitleField {...props} />
      <ChoiceField {...props} field="subtype" label="Type" segmented={false} data={INPUT_SUBTYPES.map((value) => ({ value, label: SUBTYPE_LABELS[value] }))} />
      <PlaceholderField {...props} />
      <TextField {...props} field="initValue" label="Default value" normalise={(typed) => normaliseInputValue(subtype, typed)} />
      <RequiredDisabledFields {...props} />
    </PanelStack>
  );
}
