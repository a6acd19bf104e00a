import { type ComponentType, type ReactNode, Suspense, useCallback, useState } from 'react';

/** A dialog of one's own account (lazily loaded: opened rarely) and the way to open it. */
export function useAccountDialog(Dialog: ComponentType<{ onClose: () => void }>): { open: () => void; dialog: ReactNode } {
  const [opened, setOpened] = useState(false);
  const dialog = opened ? <Suspense fallback={null}><Dialog onClose={() => setOpened(false)} /></Suspense> : null;
  // One function for the screen's life: the headers that take it are memoized.
  const open = useCallback(() => setOpened(true), []);
  return { open, dialog };
}
