import type { Component } from '@rakit/core';
import { Input, SegmentedControl, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ConfigProps } from '../types';

/**
 * The fields every widget panel is made of (spec 2 §2: a label always; placeholder, required,
 * disabled, default value, alignment and type as the widget needs). Each edits one field of
 * the component and hands the whole updated component to onChange.
 */

/** The component with some fields changed; the original is left as it is. */
export const withChanges = (component: Component, changes: Record<string, unknown>): Component => ({ ...component, ...changes });

const text = (value: unknown): string => (typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value));

interface FieldProps extends ConfigProps {
  /** The component field edited. */
  field: string;
  label: string;
  description?: ReactNode;
  placeholder?: string;
  /** Turns what was typed into what is stored. */
  normalise?: (typed: string) => string;
}

export function TextField({ component, onChange, field, label, description, placeholder, normalise = (t) => t }: FieldProps) {
  return (
    <TextInput
      label={label}
      description={description}
      placeholder={placeholder}
      value={text(component[field])}
      onChange={(event) => onChange(withChanges(component, { [field]: normalise(event.currentTarget.value) }))}
    />
  );
}

export function TextAreaField({ component, onChange, field, label, description, placeholder, normalise = (t) => t, rows = 3 }: FieldProps & { rows?: number }) {
  return (
    <Textarea
      label={label}
      description={description}
      placeholder={placeholder}
      autosize
      minRows={rows}
      maxRows={12}
      value={text(component[field])}
      onChange={(event) => onChange(withChanges(component, { [field]: normalise(event.currentTarget.value) }))}
    />
  );
}

export function SwitchField({ component, onChange, field, label, description }: Omit<FieldProps, 'placeholder' | 'normalise'>) {
  return (
    <Switch
      label={label}
      description={description}
      checked={component[field] === true}
      onChange={(event) => onChange(withChanges(component, { [field]: event.currentTarget.checked }))}
    />
  );
}

export interface Choice {
  value: string;
  label: string;
}

/** A choice among a few values: segmented when they fit on one line, else a select. */
export function ChoiceField({ component, onChange, field, label, description, data, segmented = data.length <= 4 }: Omit<FieldProps, 'placeholder' | 'normalise'> & { data: readonly Choice[]; segmented?: boolean }) {
  const value = text(component[field]);
  const set = (next: string | null) => {
    if (next !== null) onChange(withChanges(component, { [field]: next }));
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
export const TitleField = (props: ConfigProps & { label?: string; placeholder?: string }) => (
  <TextField {...props} field="title" label={props.label ?? 'Label'} />
);

export const PlaceholderField = (props: ConfigProps) => (
  <TextField {...props} field="placeholder" label="Placeholder" placeholder="Shown while the field is empty" />
);

/** Required and Disabled, side by side at the end of a form widget's panel. */
export function RequiredDisabledFields(props: ConfigProps) {
  return (
    <Stack gap="xs">
      <SwitchField {...props} field="required" label="Required" description="An empty field shows 'Field berikut wajib diisi'" />
      <SwitchField {...props} field="disabled" label="Disabled" />
    </Stack>
  );
}

export const ALIGNMENT_CHOICES: readonly Choice[] = [
  { value: 'left', label: 'Left' },
  { value: 'center', label: 'Center' },
  { value: 'right', label: 'Right' },
];

/** The panel itself: its fields one under the other. */
export const PanelStack = ({ children }: { children: ReactNode }) => <Stack gap="sm">{children}</Stack>;
