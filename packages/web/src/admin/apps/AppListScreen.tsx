import { Alert, Button, Center, Group, Loader, SimpleGrid, Text, Title } from '@mantine/core';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { type Application, ROOT_APP_SLUG, appCalls, bundleCalls } from '@rakit/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { downloadBlob } from '../../actions/file-download';
import { ApiUnreachableError, firstError } from '../../api/client';
import { EditRemoveDialogs, useEditRemoveDialog } from '../../components/EditRemoveDialogs';
import { useCurrentApp } from '../../current-app/app-context';
import { notifyFailure, notifySuccess } from '../../components/notify';
import { useT } from '../../i18n/LanguageProvider';
import { useSession } from '../../session/session-context';
import { AppCard, type ExportOptions } from './AppCard';
import { AppFormDialog } from './AppFormDialog';
import { ImportAppDialog } from './ImportAppDialog';
import { useOpenApp } from './use-open-app';

/**
 * The applications list (spec 1 screen 3): every application for the root super
 * administrator, otherwise the applications of the user's groups.
 */
export function AppListScreen() {
  const { app: current, api } = useCurrentApp();
  const t = useT();
  const { user } = useSession();
  const open = useOpenApp();
  const queryClient = useQueryClient();
  const everyApp = current.appSlug === ROOT_APP_SLUG;

  const queryKey = ['apps', current.appSlug, everyApp ? '*' : user.userId];
  const apps = useQuery({
    queryKey,
    queryFn: async () => {
      const answer = everyApp ? await api.call(appCalls.listApp, {}) : await api.call(appCalls.listAppUser, { params: { userId: user.userId } });
      if (!answer.status) throw new Error(firstError(answer, t('admin.apps.loadFailed')));
      return answer.data ?? [];
    },
  });

  const reload = () => queryClient.invalidateQueries({ queryKey });
  const dialogs = useEditRemoveDialog<Application>(reload);
  const [importing, setImporting] = useState(false);

  /** Downloads the application as one bundle file (docs/bundle-format.md). */
  async function exportApp(app: Application, options: ExportOptions) {
    try {
      const answer = await api.call(bundleCalls.exportApp, { params: { appId: app.appId }, query: { users: options.users ? 'true' : 'false', data: options.data ? 'true' : 'false' } });
      if (!answer.status || answer.data === undefined) {
        notifyFailure(firstError(answer, t('forbidden')));
        return;
      }
      downloadBlob(new Blob([JSON.stringify(answer.data, null, 1)], { type: 'application/json' }), `${app.appSlug}.rakit.json`);
      notifySuccess(t('admin.apps.exported', { name: app.appName }));
    } catch (error) {
      if (!(error instanceof ApiUnreachableError)) throw error;
      console.error(error);
    }
  }

  async function remove(app: Application) {
    try {
      const answer = await api.call(appCalls.deleteApp, { body: { appId: app.appId } });
      dialogs.close();
      if (answer.status) {
        notifySuccess(t('appRemoved'));
        await reload();
      } else {
        notifyFailure(firstError(answer, t('forbidden')));
      }
    } catch (error) {
      if (!(error instanceof ApiUnreachableError)) throw error;
      console.error(error);
    }
  }

  return (
    <>
      <Group justify="space-between" mb="lg">
        <Title order={1} size="h2">{t('admin.apps.title')}</Title>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={() => setImporting(true)}>
            {t('admin.apps.importApp')}
          </Button>
          <Button leftSection={<IconPlus size={16} />} onClick={() => dialogs.edit(null)}>
            {t('admin.apps.createNew')}
          </Button>
        </Group>
      </Group>

      {apps.isPending && <Center py="xl"><Loader role="status" aria-label={t('admin.apps.loading')} /></Center>}
      {apps.isError && <Alert color="red" title={t('admin.apps.title')}>{apps.error.message}</Alert>}
      {apps.data?.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">{t('admin.apps.empty')}</Text>
      )}
      {apps.data !== undefined && apps.data.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {apps.data.map((app) => (
            <AppCard
              key={app.appId}
              app={app}
              onEdit={() => dialogs.edit(app)}
              onOpen={() => void open(app)}
              onDelete={() => dialogs.askRemove(app)}
              onExport={(options) => void exportApp(app, options)}
            />
          ))}
        </SimpleGrid>
      )}

      <EditRemoveDialogs
        state={dialogs}
        form={(editing) => <AppFormDialog editing={editing} onClose={dialogs.close} onSaved={dialogs.saved} />}
        removeMessage={t('appRemoveConfirm')}
        onRemove={remove}
      />
      {importing && (
        <ImportAppDialog
          apps={apps.data ?? []}
          onClose={() => setImporting(false)}
          onImported={() => {
            setImporting(false);
            void reload();
          }}
        />
      )}
    </>
  );
}
