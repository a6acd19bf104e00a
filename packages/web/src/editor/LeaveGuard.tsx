import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { useEditor } from '../state/editor-store';

export const UNSAVED_CHANGES_QUESTION = 'The changes to this page are not saved. Leave without saving them?';

interface UnsavedChangesDialogProps {
  opened: boolean;
  onStay: () => void;
  onLeave: () => void;
}

/** Asks before edits that are not saved are dropped: Cancel keeps them, the red button leaves. */
export function UnsavedChangesDialog({ opened, onStay, onLeave }: UnsavedChangesDialogProps) {
  return (
    <ConfirmDialog
      opened={opened}
      message={UNSAVED_CHANGES_QUESTION}
      confirmLabel="Leave without saving"
      onConfirm={async () => onLeave()}
      onClose={onStay}
    />
  );
}

/**
 * While the open page has changes the server does not hold, a move to another address (a menu
 * entry, a link, the browser's back) waits for the person's answer. Closing or reloading the
 * tab is asked by the browser (usePageSaving's beforeunload).
 */
export function LeaveGuard() {
  const dirty = useEditor((state) => state.sync !== 'synced');
  const blocker = useBlocker(dirty);
  return <UnsavedChangesDialog opened={blocker.state === 'blocked'} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />;
}
