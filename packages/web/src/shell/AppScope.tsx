import { appCalls } from '@rakit/core';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';
import { Navigate, Outlet, useParams } from 'react-router';
import { appApi, publicApi } from '../api/client';
import { appQueryKey, CurrentAppContext, type CurrentApp } from '../current-app/app-context';
import { useLanguageChoice } from '../current-app/use-language-choice';
import { useT } from '../i18n/LanguageProvider';
import { appPathBuilder, appTitle } from '../session/app-resolution';
import { firstPageAnswer } from './first-page';
import { SessionEndedWatch } from './SessionEndedWatch';
import { OFFLINE_KEPT } from '../offline/offline-cache';
import { UnsentWritesQuestion } from '../offline/UnsentWritesQuestion';


/**
 * Resolves the application of the address (the subdomain's `slug`, or the first path
 * segment) with GET /get/getApp/slug/{slug} and provides it to the routes below;
 * an unknown application goes to /404.
 */
export function AppScope({ subdomainSlug }: { subdomainSlug?: string }) {
  const t = useT();
  const params = useParams();
  const slug = subdomainSlug ?? params.appSlug ?? '';
  const query = useQuery({
    queryKey: appQueryKey(slug),
    queryFn: () => publicApi.call(appCalls.getAppBySlug, { params: { slug } }),
    initialData: () => firstPageAnswer(slug),
    staleTime: Infinity,
    retry: false,
    ...OFFLINE_KEPT,
  });

  // The answer renders the whole screen below: deferred, that render yields to the browser every
  // few milliseconds instead of blocking a slow phone's main thread for it (issue 42).
  const answer = useDeferredValue(query.data);
  const current = useMemo<CurrentApp | null>(() => {
    const app = answer?.status === true ? answer.data : undefined;
    if (app === undefined) return null;
    return { app, path: appPathBuilder(app.appSlug, subdomainSlug !== undefined), api: appApi(app.appSlug), title: appTitle(app) };
  }, [answer, subdomainSlug]);
  // The application's catalog (its setting, the member's own choice once he is signed in).
  useLanguageChoice(current?.app);

  if (query.isPending || (query.isSuccess && answer === undefined)) {
    return (
      <Center h="100vh">
        <Loader role="status" aria-label={t('shell.app.loading')} />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Center h="100vh">
        <Stack align="center">
          <Text>{t('shell.app.unreachable')}</Text>
          <Button variant="light" onClick={() => void query.refetch()}>{t('shell.app.retry')}</Button>
        </Stack>
      </Center>
    );
  }
  if (current === null) return <Navigate to="/404" replace />;
  return (
    <CurrentAppContext.Provider value={current}>
      <SessionEndedWatch />
      <UnsentWritesQuestion />
      <Outlet />
    </CurrentAppContext.Provider>
  );
}
