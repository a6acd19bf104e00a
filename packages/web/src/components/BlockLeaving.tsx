import { useBlocker } from 'react-router';
import { ConfirmDialog } from './ConfirmDialog';

export const UNSAVED_CHANGES_QUESTION = 'The changes to this page are not saved. Leave without saving them?';
/** Offline on a shared document, edits live only in this tab until the connection returns. */
export const OFFLINE_CHANGES_QUESTION = 'You are offline: your changes are kept only here until the connection returns. Leave without them?';

interface UnsavedChangesDialogProps {
  opened: boolean;
  onStay: () => void;
  onLeave: () => void;
  message?: string;
}

/** Asks before edits that are not saved are dropped: Cancel keeps them, the red button leaves. */
export function UnsavedChangesDialog({ opened, onStay, onLeave, message = UNSAVED_CHANGES_QUESTION }: UnsavedChangesDialogProps) {
  return (
    <ConfirmDialog
      opened={opened}
      message={message}
      confirmLabel="Leave without saving"
      onConfirm={async () => onLeave()}
      onClose={onStay}
    />
  );
}

/** While `dirty`, a move to another address (a menu entry, a link, the browser's back) waits for the person's answer. */
export function BlockLeaving({ dirty, message }: { dirty: boolean; message?: string }) {
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
