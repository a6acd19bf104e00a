import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useT } from '../i18n/LanguageProvider';

interface ConfirmDialogProps {
  opened: boolean;
  message: string;
  confirmLabel: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

/** A yes/no question before a removal; the confirm button spins while the call runs. */
export function ConfirmDialog({ opened, message, confirmLabel, onConfirm, onClose }: ConfirmDialogProps) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  }
  return (
    // The question names the dialog: it has no title bar (4.1.2).
    <Modal opened={opened} onClose={onClose} withCloseButton={false} centered size="sm" attributes={{ content: { 'aria-label': message } }}>
      <Text mb="lg">{message}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={busy}>{t('shell.dialog.cancel')}</Button>
        <Button color="red" onClick={() => void confirm()} loading={busy}>{confirmLabel}</Button>
      </Group>
    </Modal>
  );
}
