import { Alert, Button, Group, Loader, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { isAdminInApp, parsePageComponents, truncateTitle } from '@rakit/core';
import { IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useCurrentApp } from '../shell/app-context';
import { useSession } from '../shell/session-context';
import { PageFormProvider } from '../widgets/form-state';
import { PageRenderer } from './PageRenderer';

interface PageViewProps {
  pageSlug: string;
  /** Preview window: titles cut to 10 characters on small screens (spec 1 §9). */
  preview: boolean;
}

/** One page of the application, its components live (preview mode). */
export function PageView({ pageSlug, preview }: PageViewProps) {
  const { api, app, path } = useCurrentApp();
  const { user } = useSession();
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
      <Group justify="space-between" wrap="nowrap">
        <Title order={2}>{title}</Title>
        {/* The edit mode of administrators is the page editor, opened on this page. */}
        {!preview && isAdminInApp(user.userGroup, app) && (
          <Button component={Link} to={`${path('form-editor')}?page=${found.pageId}`} variant="light" size="xs" leftSection={<IconPencil size={14} />}>
            Edit page
          </Button>
        )}
      </Group>
      {parsed.ok ? (
        <PageFormProvider components={parsed.components} mode="preview" pageId={found.pageId}>
          <PageRenderer components={parsed.components} mode="preview" />
        </PageFormProvider>
      ) : <Alert color="red">{parsed.error}</Alert>}
    </Stack>
  );
}
