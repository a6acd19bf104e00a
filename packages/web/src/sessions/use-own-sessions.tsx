import { lazy } from 'react';
import { useAccountDialog } from './use-account-dialog';

// Opened rarely: its code is not part of a member's first load.
const OwnSessionsDialog = lazy(() => import('./OwnSessionsDialog'));

/** "Your sessions" (issue 36), for the signed-in screens' headers. */
export const useOwnSessions = () => useAccountDialog(OwnSessionsDialog);
