import { type ComponentType, type ReactNode, Suspense, useState } from 'react';

/** A dialog of one's own account (lazily loaded: opened rarely) and the way to open it. */
export function useAccountDialog(Dialog: ComponentType<{ onClose: () => void }>): { open: () => void; dialog: ReactNode } {
  const [opened, setOpened] = useState(false);
  const dialog = opened ? <Suspense fallback={null}><Dialog onClose={() => setOpened(false)} /></Suspense> : null;
  return { open: () => setOpened(true), dialog };
}
