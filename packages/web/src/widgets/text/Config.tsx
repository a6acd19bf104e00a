import { type MessageKey, placeholderNames, TEXT_SUBTYPES } from '@rakit/core';
import { ColorInput, Textarea } from '@mantine/core';
import { type Translate, useT } from '../../i18n/LanguageProvider';
import { ALIGNMENT_CHOICES, ChoiceField, PanelStack, TextField, withChanges } from '../shared/config-fields';
import { queryActionsOf } from '../shared/query-variables';
import { QueryVariablesField } from '../shared/QueryVariablesField';
import type { WidgetConfigProps } from '../types';

const HEADING_LEVELS: Record<string, number> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };
const OTHER_LABELS: Record<string, MessageKey> = { paragraph: 'formwidgets.text.paragraph', card: 'formwidgets.text.card' };

/** How the panel names a text subtype: 'Heading 1'…'Heading 6', 'Paragraph', 'Card'. */
function subtypeLabel(t: Translate, subtype: (typeof TEXT_SUBTYPES)[number]): string {
  const level = HEADING_LEVELS[subtype];
  if (level !== undefined) return t('formwidgets.text.heading', { level: String(level) });
  const key = OTHER_LABELS[subtype];
  return key === undefined ? subtype : t(key);
}
/** The example in the link field: an address, the same in every language. */
const LINK_EXAMPLE = 'https://…';

export function TextConfig(props: WidgetConfigProps<'text'>) {
  const t = useT();
  const { component, onChange } = props;
  return (
    <PanelStack>
      <Textarea
        label={t('formwidgets.text.text')}
        description={t('formwidgets.text.textHint', { variable: '{{name}}' })}
        autosize
        minRows={2}
        maxRows={10}
        value={component.title}
        // `variables` lists the global variables the text refers to.
        onChange={(event) => onChange(withChanges(component, { title: event.currentTarget.value, variables: placeholderNames(event.currentTarget.value) }))}
      />
      <ChoiceField {...props} field="subtype" label={t('formwidgets.text.type')} segmented={false} data={TEXT_SUBTYPES.map((value) => ({ value, label: subtypeLabel(t, value) }))} />
      <ChoiceField {...props} field="options" label={t('formwidgets.text.alignment')} data={ALIGNMENT_CHOICES} />
      <ColorInput
        label={t('formwidgets.text.colour')}
        description={t('formwidgets.text.colourHint')}
        placeholder={t('formwidgets.text.themeColour')}
        format="hex"
        eyeDropperButtonProps={{ 'aria-label': t('formwidgets.text.pickColour') }}
        value={component.color}
        onChange={(color) => onChange(withChanges(component, { color }))}
      />
      <TextField {...props} field="link" label={t('formwidgets.text.link')} placeholder={LINK_EXAMPLE} description={t('formwidgets.text.linkHint')} />
      <QueryVariablesField variables={queryActionsOf(component.custom_action)} onChange={(variables) => onChange(withChanges(component, { custom_action: variables }))} />
    </PanelStack>
  );
}
