import type { MessageKey } from '@rakit/core';
import { useBlocker } from 'react-router';
import { useT } from '../i18n/LanguageProvider';
import { ConfirmDialog } from './ConfirmDialog';

/** The question before unsaved edits are dropped (a catalog key: the dialog says it in the reader's language). */
export const UNSAVED_CHANGES_QUESTION: MessageKey = 'shell.leave.unsaved';
/** Offline on a shared document, edits live only in this tab until the connection returns. */
export const OFFLINE_CHANGES_QUESTION: MessageKey = 'shell.leave.offline';

interface UnsavedChangesDialogProps {
  opened: boolean;
  onStay: () => void;
  onLeave: () => void;
  /** The question's key in the catalogs. */
  message?: MessageKey;
}

/** Asks before edits that are not saved are dropped: Cancel keeps them, the red button leaves. */
export function UnsavedChangesDialog({ opened, onStay, onLeave, message = UNSAVED_CHANGES_QUESTION }: UnsavedChangesDialogProps) {
  const t = useT();
  return (
    <ConfirmDialog
      opened={opened}
      message={t(message)}
      confirmLabel={t('shell.leave.confirm')}
      onConfirm={async () => onLeave()}
      onClose={onStay}
    />
  );
}

/** While `dirty`, a move to another address (a menu entry, a link, the browser's back) waits for the person's answer. */
export function BlockLeaving({ dirty, message }: { dirty: boolean; message?: MessageKey }) {
  const blocker = useBlocker(dirty);
  return (
    <UnsavedChangesDialog
      opened={blocker.state === 'blocked'}
      onStay={() => blocker.reset?.()}
      onLeave={() => blocker.proceed?.()}
      {...(message === undefined ? {} : { message })}
    />
  );
}
