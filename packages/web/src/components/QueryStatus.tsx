import { Alert, Center, Loader } from '@mantine/core';
import { useT } from '../i18n/LanguageProvider';

interface QueryStatusProps {
  /** What is loading, for the spinner's label and the alert's title: 'Databases'. */
  what: string;
  isPending: boolean;
  error: Error | null;
}

/** The spinner while a list loads, or why it could not be loaded; nothing once it is there. */
export function QueryStatus({ what, isPending, error }: QueryStatusProps) {
  const t = useT();
  if (isPending) return <Center py="xl"><Loader role="status" aria-label={t('shell.loading', { what: what.toLowerCase() })} /></Center>;
  if (error !== null) return <Alert color="red" title={what} mb="md">{error.message}</Alert>;
  return null;
}
