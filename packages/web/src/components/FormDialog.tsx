import { Button, Group, Modal, type ModalProps, Stack } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useT } from '../i18n/LanguageProvider';

interface FormDialogProps {
  title: string;
  /** Checks and saves; the Save button spins until it settles. Enter in a field submits too. */
  onSubmit: () => Promise<void> | void;
  onClose: () => void;
  children: ReactNode;
  size?: ModalProps['size'];
  /** Button texts where a screen's spec names them otherwise (e.g. CANCEL / CREATE). */
  cancelLabel?: string;
  submitLabel?: string;
}

/** A dialog holding a form: its fields, then Cancel and Save. A second submit while saving is ignored. */
export function FormDialog({ title, onSubmit, onClose, children, size, cancelLabel, submitLabel }: FormDialogProps) {
  const t = useT();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await onSubmit();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened onClose={onClose} title={title} centered size={size}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          {children}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>{cancelLabel ?? t('shell.dialog.cancel')}</Button>
            <Button type="submit" loading={busy}>{submitLabel ?? t('shell.dialog.save')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
