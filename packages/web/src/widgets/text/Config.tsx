import { placeholderNames, TEXT_SUBTYPES } from '@rakit/core';
import { ColorInput, Textarea } from '@mantine/core';
import { ALIGNMENT_CHOICES, ChoiceField, PanelStack, TextField, withChanges } from '../shared/config-fields';
import { queryActionsOf } from '../shared/query-variables';
import { QueryVariablesField } from '../shared/QueryVariablesField';
import type { WidgetConfigProps } from '../types';

const SUBTYPE_LABELS: Record<(typeof TEXT_SUBTYPES)[number], string> = {
  h1: 'Heading 1', h2: 'Heading 2', h3: 'Heading 3', h4: 'Heading 4', h5: 'Heading 5', h6: 'Heading 6', paragraph: 'Paragraph', card: 'Card',
};

export function TextConfig(props: WidgetConfigProps<'text'>) {
  const { component, onChange } = props;
  return (
    <PanelStack>
      <Textarea
        label="Text"
        description="On a page, {{name}} shows the variable name (below) or else the global variable name, and --userId-- the signed-in user's id."
        autosize
        minRows={2}
        maxRows={10}
        value={component.title}
        // `variables` lists the global variables the text refers to.
        onChange={(event) => onChange(withChanges(component, { title: event.currentTarget.value, variables: placeholderNames(event.currentTarget.value) }))}
      />
      <ChoiceField {...props} field="subtype" label="Type" segmented={false} data={TEXT_SUBTYPES.map((value) => ({ value, label: SUBTYPE_LABELS[value] }))} />
      <ChoiceField {...props} field="options" label="Alignment" data={ALIGNMENT_CHOICES} />
      <ColorInput
        label="Text colour"
        description="Empty: the theme's. Text needs a contrast of 4.5:1 on white."
        placeholder="Theme colour"
        format="hex"
        eyeDropperButtonProps={{ 'aria-label': 'Pick the text colour from the screen' }}
        value={component.color}
        onChange={(color) => onChange(withChanges(component, { color }))}
      />
      <TextField {...props} field="link" label="Link" placeholder="https://…" description="Opened in a new tab when the text is clicked." />
      <QueryVariablesField variables={queryActionsOf(component.custom_action)} onChange={(variables) => onChange(withChanges(component, { custom_action: variables }))} />
    </PanelStack>
  );
}
