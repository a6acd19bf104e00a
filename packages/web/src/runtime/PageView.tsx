import { Alert, Loader, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { parsePageComponents, truncateTitle } from '@rakit/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useCurrentApp } from '../shell/app-context';
import { PageFormProvider } from '../widgets/form-state';
import { PageRenderer } from './PageRenderer';

interface PageViewProps {
  pageSlug: string;
  /** Preview window: titles cut to 10 characters on small screens (spec 1 §9). */
  preview: boolean;
}

/** One page of the application, its components live (preview mode). */
export function PageView({ pageSlug, preview }: PageViewProps) {
  const { api, app } = useCurrentApp();
  const small = useMediaQuery('(max-width: 48em)');
  const page = useQuery({
    queryKey: ['page', app.appSlug, pageSlug],
    queryFn: () => api.getPageBySlug(pageSlug),
  });

  const answer = page.data;
  const found = answer?.status === true ? answer.data?.[0] : undefined;
  // Parsed once per loaded page: the form state below keeps its values across renders.
  const parsed = useMemo(() => (found === undefined ? undefined : parsePageComponents(found.pageComponents)), [found]);
  if (page.isPending) return <Loader aria-label="Loading page" />;
  if (found === undefined || parsed === undefined) {
    // Spec 1 §8: a failed page load shows an empty page; we say why.
    const reason = answer?.httpStatus === 403 ? 'You do not have access to this page.' : 'This page could not be loaded.';
    return <Alert color="gray" title="Page unavailable">{reason}</Alert>;
  }
  const title = preview && small === true ? truncateTitle(found.pageName) : found.pageName;
  return (
    <Stack gap="lg">
      <Title order={2}>{title}</Title>
      {parsed.ok ? (
        <PageFormProvider components={parsed.components} mode="preview" pageId={found.pageId}>
          <PageRenderer components={parsed.components} mode="preview" />
        </PageFormProvider>
      ) : <Alert color="red">{parsed.error}</Alert>}
    </Stack>
  );
}
