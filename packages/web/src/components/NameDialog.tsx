import { TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { notifyFailure } from './notify';
import { FormDialog } from './FormDialog';
import { useT } from '../i18n/LanguageProvider';

interface NameDialogProps {
  title: string;
  /** Shown when the name is blank (spec 1 §5), and nothing is sent. */
  requiredMessage: string;
  /** Saves the trimmed name; the dialog stays open (and usable) until the caller closes it. */
  onSave: (name: string) => Promise<void>;
  onClose: () => void;
  label?: string;
  /** The name the field starts with (a rename); empty for a new thing. */
  initialName?: string;
  /** Fields above the name, such as the parent of a sub-menu. */
  children?: ReactNode;
}

/** A dialog asking for one name: a new group, parent menu, sub-menu or environment, or an environment's new name. Enter saves. */
export function NameDialog({ title, requiredMessage, onSave, onClose, label, initialName = '', children }: NameDialogProps) {
  const t = useT();
  const [name, setName] = useState(initialName);

  async function save() {
    const trimmed = name.trim();
    if (trimmed === '') {
      notifyFailure(requiredMessage);
      return;
    }
    await onSave(trimmed);
  }

  return (
    <FormDialog title={title} onSubmit={save} onClose={onClose}>
      {children}
      <TextInput label={label ?? t('shell.dialog.name')} value={name} onChange={(event) => setName(event.currentTarget.value)} data-autofocus maxLength={100} />
    </FormDialog>
  );
}
