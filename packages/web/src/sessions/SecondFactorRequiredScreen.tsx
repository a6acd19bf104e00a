import { Alert, Button, Stack } from '@mantine/core';
import { AuthFrame } from '../auth/AuthFrame';
import { useCurrentApp } from '../current-app/app-context';
import { useLogout } from '../current-app/use-logout';
import { useT } from '../i18n/LanguageProvider';
import { storeSecondFactorSetUp } from '../session/session-storage';
import { SecondFactorSetup } from './SecondFactorSetup';

/**
 * What an administrator sees who signed in to an application that requires a second factor of
 * its administrators, having none (issue 36): its setup, and nothing else of the application
 * until it is done (the server refuses the rest of this session's calls).
 */
export default function SecondFactorRequiredScreen() {
  const t = useT();
  const { app } = useCurrentApp();
  const logout = useLogout();
  return (
    <AuthFrame subtitle={t('shell.secondFactor.title')}>
      <Stack gap="md">
        <Alert color="blue">{t('secondFactorSetupRequired')}</Alert>
        <SecondFactorSetup onDone={() => {
          storeSecondFactorSetUp(app.appSlug);
          window.location.reload();
        }} />
        <Button variant="subtle" color="red" onClick={() => void logout()}>{t('shell.logout')}</Button>
      </Stack>
    </AuthFrame>
  );
}
