import { lazy } from 'react';
import { useAccountDialog } from './use-account-dialog';

const SecondFactorDialog = lazy(() => import('./SecondFactorDialog'));

/** "Two-step verification" (issue 36): from the profile popover and the sessions dialog. */
export const useSecondFactorDialog = () => useAccountDialog(SecondFactorDialog);
