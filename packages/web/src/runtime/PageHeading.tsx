import { Group, Switch, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useT } from '../i18n/LanguageProvider';

/** A runtime page's title, with what belongs beside it (an administrator's edit mode switch). */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Title order={1} size="h2">{title}</Title>
      {children}
    </Group>
  );
}

/** Turns the runtime viewer's edit mode on and off (spec 1 screen 11); administrators only. */
export function EditModeSwitch({ checked, onChange }: { checked: boolean; onChange: (on: boolean) => void }) {
  const t = useT();
  return (
    <Switch
      label={t('shell.runtime.editMode')}
      labelPosition="left"
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
      styles={{ label: { whiteSpace: 'nowrap' } }}
    />
  );
}
