import { replaceDoubleQuotes } from '@rakit/core';
import { NumberInput } from '@mantine/core';
import { useT } from '../../i18n/LanguageProvider';
import { PanelStack, PlaceholderField, RequiredDisabledFields, TextAreaField, TitleField, withChanges } from '../shared/config-fields';
import type { WidgetConfigProps } from '../types';

export function TextareaConfig(props: WidgetConfigProps<'textarea'>) {
  const t = useT();
  const { component, onChange } = props;
  return (
    <PanelStack>
      <TitleField {...props} />
      <PlaceholderField {...props} />
      <NumberInput
        label={t('formwidgets.textarea.rows')}
        min={1}
        max={50}
        allowDecimal={false}
        value={component.options}
        onChange={(rows) => {
          if (typeof rows === 'number' && rows >= 1 && rows <= 50) onChange(withChanges(component, { options: rows }));
        }}
      />
      <TextAreaField {...props} field="initValue" label={t('formwidgets.common.defaultValue')} rows={component.options} normalise={replaceDoubleQuotes} />
      <RequiredDisabledFields {...props} />
    </PanelStack>
  );
}
