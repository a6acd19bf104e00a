import { Input, SegmentedControl, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/LanguageProvider';
import type { ConfigProps } from '../types';

/**
 * The fields every widget panel is made of (spec 2 §2: a label always; placeholder, required,
 * disabled, default value, alignment and type as the widget needs). Each edits one field of
 * the component and hands the whole updated component to onChange.
 */

/**
 * The component with some fields changed; the original is left as it is. Changes are of the
 * component's own fields; a panel shared by several widgets names the fields it changes (F).
 */
export const withChanges = <C extends F, F extends object = C>(component: C, changes: Partial<NoInfer<F>>): C => ({ ...component, ...changes });

/** The component with one of its text (or switch) fields set, for the fields below that edit one field by name. */
const withField = <C extends Record<K, V>, K extends string, V>(component: C, field: K, value: V): C => ({ ...component, [field]: value });

interface FieldProps<C, K extends string> extends ConfigProps<C> {
  /** The component field edited. */
  field: K;
  label: string;
  description?: ReactNode;
  placeholder?: string;
  /** Turns what was typed into what is stored. */
  normalise?: (typed: string) => string;
}

/** Edits a free-text field (a field with a fixed set of values is a ChoiceField). */
export function TextField<K extends string, C extends Record<K, string>>({ component, onChange, field, label, description, placeholder, normalise = (t) => t }: FieldProps<C, K>) {
  return (
    <TextInput
      label={label}
      description={description}
      placeholder={placeholder}
      value={component[field]}
      onChange={(event) => onChange(withField(component, field, normalise(event.currentTarget.value)))}
    />
  );
}

export function TextAreaField<K extends string, C extends Record<K, string>>({ component, onChange, field, label, description, placeholder, normalise = (t) => t, rows = 3 }: FieldProps<C, K> & { rows?: number }) {
  return (
    <Textarea
      label={label}
      description={description}
      placeholder={placeholder}
      autosize
      minRows={rows}
      maxRows={12}
      value={component[field]}
      onChange={(event) => onChange(withField(component, field, normalise(event.currentTarget.value)))}
    />
  );
}

export function SwitchField<K extends string, C extends Record<K, boolean>>({ component, onChange, field, label, description }: Omit<FieldProps<C, K>, 'placeholder' | 'normalise'>) {
  return (
    <Switch
      label={label}
      description={description}
      checked={component[field]}
      onChange={(event) => onChange(withField(component, field, event.currentTarget.checked))}
    />
  );
}

export interface Choice {
  value: string;
  label: string;
}

/** A choice among a few values (the values the field's model allows): segmented when they fit on one line, else a select. */
export function ChoiceField<K extends string, C extends Record<K, string>>({ component, onChange, field, label, description, data, segmented = data.length <= 4 }: Omit<FieldProps<C, K>, 'placeholder' | 'normalise'> & { data: readonly Choice[]; segmented?: boolean }) {
  const value = component[field];
  const set = (next: string | null) => {
    if (next !== null) onChange(withField(component, field, next));
  };
  if (!segmented) {
    return <Select label={label} description={description} data={[...data]} value={value} onChange={set} allowDeselect={false} />;
  }
  return (
    <Stack gap={4}>
      <Input.Label>{label}</Input.Label>
      <SegmentedControl fullWidth size="xs" data={[...data]} value={value} onChange={set} />
      {description === undefined ? null : <Input.Description>{description}</Input.Description>}
    </Stack>
  );
}

/** The label shown above the widget (its title). */
export function TitleField<C extends Record<'title', string>>(props: ConfigProps<C> & { label?: string; placeholder?: string }) {
  const t = useT();
  return <TextField {...props} field="title" label={props.label ?? t('datawidgets.shared.label')} />;
}

export function PlaceholderField<C extends Record<'placeholder', string>>(props: ConfigProps<C>) {
  const t = useT();
  return <TextField {...props} field="placeholder" label={t('datawidgets.shared.placeholder')} placeholder={t('datawidgets.shared.placeholderHint')} />;
}

/** Required and Disabled, side by side at the end of a form widget's panel. */
export function RequiredDisabledFields<C extends Record<'required' | 'disabled', boolean>>(props: ConfigProps<C>) {
  const t = useT();
  return (
    <Stack gap="xs">
      <SwitchField {...props} field="required" label={t('datawidgets.shared.required')} description={t('datawidgets.shared.requiredHint')} />
      <SwitchField {...props} field="disabled" label={t('datawidgets.shared.disabled')} />
    </Stack>
  );
}

/**
 * The text alignments, in the specification's words: kept for the panels not yet on the
 * catalogs; a converted panel uses useAlignmentChoices.
 */
export const ALIGNMENT_CHOICES: readonly Choice[] = [
  { value: 'left', label: 'Left' },
  { value: 'center', label: 'Center' },
  { value: 'right', label: 'Right' },
];

/** The text alignments, in the reader's catalog. */
export function useAlignmentChoices(): readonly Choice[] {
  const t = useT();
  return [
    { value: 'left', label: t('datawidgets.shared.alignLeft') },
    { value: 'center', label: t('datawidgets.shared.alignCenter') },
    { value: 'right', label: t('datawidgets.shared.alignRight') },
  ];
}

/** The panel itself: its fields one under the other. */
export const PanelStack = ({ children }: { children: ReactNode }) => <Stack gap="sm">{children}</Stack>;
