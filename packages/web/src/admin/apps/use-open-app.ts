import { groupsForApp, type PublicApplication, authCalls } from '@rakit/core';
import { useNavigate } from 'react-router';
import { ApiUnreachableError } from '../../api/client';
import { useCurrentApp } from '../../current-app/app-context';
import { storeSession } from '../../session/session-storage';

/** An application as opening it needs it: its id and address, and its name for the stored session. */
export type OpenableApp = Pick<PublicApplication, 'appId' | 'appName' | 'appSlug'>;

/**
 * Opens another application: its administrator gets its session from the server and lands on its
 * admin home without signing in again; anyone else (a member) goes to its runtime, entered with
 * his own session there or through its login.
 */
export function useOpenApp(): (target: OpenableApp) => Promise<void> {
  const { api } = useCurrentApp();
  const navigate = useNavigate();
  return async (target) => {
    try {
      const answer = await api.call(authCalls.openApp, { body: { appId: target.appId } });
      const user = answer.data?.[0];
      const firstGroup = user === undefined ? undefined : groupsForApp(user.userGroup, target)[0];
      if (answer.status && user !== undefined && firstGroup !== undefined) {
        storeSession(target, user, firstGroup);
        void navigate(`/${target.appSlug}/home`);
        return;
      }
    } catch (error) {
      if (!(error instanceof ApiUnreachableError)) throw error;
      console.error(error);
    }
    void navigate(`/${target.appSlug}`);
  };
}
