import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from './ConfirmDialog';
import { useT } from '../i18n/LanguageProvider';

/** The dialog open on a list screen: the add/edit form (null: a new item) or the removal question. */
type EditRemoveDialog<T> = { kind: 'form'; editing: T | null } | { kind: 'remove'; item: T } | null;

/** What a list screen does with its add/edit and removal dialogs. */
export interface EditRemoveDialogState<T> {
  dialog: EditRemoveDialog<T>;
  /** Opens the form for the item, or for a new one with null. */
  edit: (editing: T | null) => void;
  askRemove: (item: T) => void;
  close: () => void;
  /** Closes the form after a save and reloads the list. */
  saved: () => void;
}

/** The add/edit and removal dialogs of a list screen; `reload` refreshes the list after a save. */
export function useEditRemoveDialog<T>(reload: () => Promise<unknown>): EditRemoveDialogState<T> {
  const [dialog, setDialog] = useState<EditRemoveDialog<T>>(null);
  const close = () => setDialog(null);
  return {
    dialog,
    edit: (editing) => setDialog({ kind: 'form', editing }),
    askRemove: (item) => setDialog({ kind: 'remove', item }),
    close,
    saved: () => {
      close();
      void reload();
    },
  };
}

interface EditRemoveDialogsProps<T> {
  state: EditRemoveDialogState<T>;
  /** The add/edit dialog of the screen for the item being edited, or null for a new one. */
  form: (editing: T | null) => ReactNode;
  removeMessage: string;
  confirmLabel?: string;
  onRemove: (item: T) => Promise<void>;
}

/** Shows the add/edit dialog or the removal confirmation of a list screen. */
export function EditRemoveDialogs<T>({ state, form, removeMessage, confirmLabel, onRemove }: EditRemoveDialogsProps<T>) {
  const t = useT();
  const { dialog, close } = state;
  return (
    <>
      {dialog?.kind === 'form' && form(dialog.editing)}
      <ConfirmDialog
        opened={dialog?.kind === 'remove'}
        message={removeMessage}
        confirmLabel={confirmLabel ?? t('shell.dialog.remove')}
        onClose={close}
        onConfirm={() => (dialog?.kind === 'remove' ? onRemove(dialog.item) : Promise.resolve())}
      />
    </>
  );
}
