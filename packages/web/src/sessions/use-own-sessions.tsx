import { type ReactNode, Suspense, lazy, useState } from 'react';

// Opened rarely: its code is not part of a member's first load.
const OwnSessionsDialog = lazy(() => import('./OwnSessionsDialog'));

/** The "your sessions" dialog (issue 36) and the way to open it, for the signed-in screens' headers. */
export function useOwnSessions(): { open: () => void; dialog: ReactNode } {
  const [opened, setOpened] = useState(false);
  const dialog = opened ? <Suspense fallback={null}><OwnSessionsDialog onClose={() => setOpened(false)} /></Suspense> : null;
  return { open: () => setOpened(true), dialog };
}
