import { Alert, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconCloudUpload } from '@tabler/icons-react';
import { useT } from '../i18n/LanguageProvider';
import { entriesWaitingForSignIn } from './offline-cache';

/**
 * On the sign-in screen: the entries saved on this device that wait for their member to sign in
 * again (his session ended before they were sent), by member. Without it they wait unseen: the
 * member who comes back to a sign-in screen does not know that his entries are not sent yet.
 */
export function WaitingForSignIn({ appSlug }: { appSlug: string }) {
  const t = useT();
  const waiting = useQuery({
    queryKey: ['offline', 'waiting-for-sign-in', appSlug],
    queryFn: () => entriesWaitingForSignIn(appSlug),
    // Read from the device, not the network.
    networkMode: 'always',
    staleTime: 0,
  });
  if (waiting.data === undefined || waiting.data.length === 0) return null;
  return (
    <Alert variant="light" color="yellow" icon={<IconCloudUpload size={18} />} mb="md" role="status">
      {waiting.data.map(({ userId, count }) => (
        <Text key={userId} size="sm">{t('shell.offline.waitingForSignIn', { count, user: userId })}</Text>
      ))}
    </Alert>
  );
}
