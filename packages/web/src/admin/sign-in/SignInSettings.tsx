import { Badge, Button, Code, Group, Paper, Switch, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type IdentityProvider, MAIN_APP_SLUG, ROOT_APP_SLUG, signInCalls, secondFactorCalls } from '@rakit/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable } from '../../components/DataTable';
import { EditRemoveDialogs, useEditRemoveDialog } from '../../components/EditRemoveDialogs';
import { QueryStatus } from '../../components/QueryStatus';
import { RowActions } from '../../components/RowActions';
import { appQueryKey, useCurrentApp } from '../../current-app/app-context';
import { useT } from '../../i18n/LanguageProvider';
import type { ApiAnswer } from '../../api/client';
import { dataOf, runChange } from '../admin-call';
import { IdentityProviderFormDialog } from './IdentityProviderFormDialog';

/**
 * How people sign in to the application (issue 36): its OpenID Connect providers, offered on
 * the sign-in screen as "Masuk dengan …", whether the password form is offered beside them, and
 * whether its administrators need a second factor.
 * Not in main or _root, where applications are built and run.
 */
export function SignInSettings() {
  const { app, api } = useCurrentApp();
  const t = useT();
  const queryClient = useQueryClient();
  const [switching, setSwitching] = useState(false);
  const builtHere = app.appSlug === MAIN_APP_SLUG || app.appSlug === ROOT_APP_SLUG;
  const queryKey = ['identity-providers', app.appSlug];
  const settings = useQuery({ queryKey, queryFn: async () => dataOf(await api.call(signInCalls.listIdentityProviders, { params: { appId: app.appId } }), t('admin.signIn.what')), enabled: !builtHere });
  const reload = () => Promise.all([queryClient.invalidateQueries({ queryKey }), queryClient.invalidateQueries({ queryKey: appQueryKey(app.appSlug) })]);
  const dialogs = useEditRemoveDialog<IdentityProvider>(reload);
  if (builtHere) return null;

  async function remove(provider: IdentityProvider) {
    const removed = await runChange(api.call(signInCalls.deleteIdentityProvider, { body: { appId: app.appId, providerId: provider.providerId } }), t('admin.signIn.removed'));
    dialogs.close();
    if (removed) await reload();
  }

  async function switchSetting(change: Promise<ApiAnswer<unknown>>, saved: string) {
    setSwitching(true);
    try {
      if (await runChange(change, saved)) await reload();
    } finally {
      setSwitching(false);
    }
  }

  const callbackUrl = `${window.location.origin}/auth/sso/callback`;
  return (
    <Paper withBorder p="md" mt="xl" component="section" aria-labelledby="sign-in-settings">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="sign-in-settings">{t('admin.signIn.title')}</Title>
        <Button leftSection={<IconPlus size={16} />} variant="light" onClick={() => dialogs.edit(null)}>{t('admin.signIn.add')}</Button>
      </Group>
      <Text size="sm" c="dimmed">{t('admin.signIn.intro')}</Text>
      <Text size="sm" c="dimmed" mb="sm">{t('admin.signIn.callback')} <Code>{callbackUrl}</Code></Text>
      <QueryStatus what={t('admin.signIn.what')} isPending={settings.isPending} error={settings.error} />
      {settings.data !== undefined && (
        <>
          <DataTable
            columns={[t('admin.signIn.colName'), t('admin.signIn.colIssuer'), t('admin.signIn.colNewUsers'), null]}
            minWidth={640}
            isEmpty={settings.data.providers.length === 0}
            emptyText={t('admin.signIn.empty')}
            caption={t('admin.signIn.caption')}
          >
            {settings.data.providers.map((provider) => (
              <Table.Tr key={provider.providerId}>
                <Table.Td><Text size="sm" fw={600}>{provider.name}</Text></Table.Td>
                <Table.Td><Text size="sm" style={{ wordBreak: 'break-all' }}>{provider.issuer}</Text></Table.Td>
                <Table.Td>
                  <Badge variant="light" color={provider.newUsers === 'create' ? 'teal' : 'gray'}>
                    {provider.newUsers === 'create' ? t('admin.signIn.newUsersCreate') : t('admin.signIn.newUsersRefuse')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <RowActions
                    editLabel={t('admin.signIn.edit', { name: provider.name })}
                    onEdit={() => dialogs.edit(provider)}
                    removeLabel={t('admin.signIn.remove', { name: provider.name })}
                    onRemove={() => dialogs.askRemove(provider)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
          <Switch
            mt="md"
            label={t('admin.signIn.passwordForm')}
            description={t('admin.signIn.passwordFormHint')}
            checked={settings.data.password}
            disabled={switching || settings.data.providers.length === 0}
            onChange={(event) => void switchSetting(api.call(signInCalls.savePasswordSignIn, { body: { appId: app.appId, password: event.currentTarget.checked } }), t('admin.signIn.passwordSaved'))}
          />
          <Switch
            mt="md"
            label={t('admin.signIn.adminSecondFactor')}
            description={t('admin.signIn.adminSecondFactorHint')}
            checked={settings.data.adminSecondFactor}
            disabled={switching}
            onChange={(event) => void switchSetting(api.call(secondFactorCalls.saveAdminSecondFactor, { body: { appId: app.appId, required: event.currentTarget.checked } }), t('admin.signIn.adminSecondFactorSaved'))}
          />
        </>
      )}
      <EditRemoveDialogs
        state={dialogs}
        form={(editing) => <IdentityProviderFormDialog editing={editing} onClose={dialogs.close} onSaved={dialogs.saved} />}
        removeMessage={t('admin.signIn.removeConfirm')}
        onRemove={remove}
      />
    </Paper>
  );
}
