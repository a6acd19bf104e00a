import { Alert, Text } from '@mantine/core';
import { isAdminInApp } from '@rakit/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useContext } from 'react';
import { CurrentAppContext } from '../../current-app/app-context';
import { useT } from '../../i18n/LanguageProvider';
import { SessionContext } from '../../session/session-context';

/**
 * Why a data widget's rows did not load, on the widget, for the application's administrators:
 * they can fix its configuration. Members see the spec's empty widget only (spec 3 §4), except
 * when the widget's function failed: then they are told so, in the server's plain words.
 */
export function LoadFailure({ failure, toMembers = false, timedOut = false, title, adminNote }: {
  failure: string | null;
  toMembers?: boolean;
  timedOut?: boolean;
  /** What did not load, when not rows (a choice widget's options). */
  title?: string;
  /** What members see instead, when not the data widgets' empty widget. */
  adminNote?: string;
}) {
  const admin = useIsAppAdmin();
  const t = useT();
  if (failure === null || (!admin && !toMembers)) return null;
  const note = adminNote ?? (toMembers ? t('datawidgets.loadFailure.adminNoteFailed') : t('datawidgets.loadFailure.adminNoteEmpty'));
  return (
    <Alert color={admin ? 'orange' : 'red'} variant="light" icon={<IconAlertTriangle size={18} />} title={title ?? t('datawidgets.loadFailure.title')} mb="sm" role="alert">
      <Text size="sm">{failure}</Text>
      {admin && !timedOut ? <Text size="xs" mt={4}>{note}</Text> : null}
    </Alert>
  );
}

/** Whether the signed-in user administers the current application (false outside one or signed out). */
export function useIsAppAdmin(): boolean {
  const session = useContext(SessionContext);
  const current = useContext(CurrentAppContext);
  return session !== null && current !== null && isAdminInApp(session.user.userGroup, current.app);
}
