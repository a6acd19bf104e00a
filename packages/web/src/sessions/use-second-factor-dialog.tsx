import { lazy } from 'react';
import { useAccountDialog } from './use-account-dialog';

const SecondFactorDialog = lazy(() => import('./SecondFactorDialog'));
const PasskeysDialog = lazy(() => import('./PasskeysDialog'));

/** "Two-step verification" (issue 36): from the profile popover and the sessions dialog. */
export const useSecondFactorDialog = () => useAccountDialog(SecondFactorDialog);

/** "Passkeys" (issue 36): from the profile popover and the sessions dialog. */
export const usePasskeysDialog = () => useAccountDialog(PasskeysDialog);
