import { Alert, Badge, Button, Group, Table, Text } from '@mantine/core';
import { IconInfoCircle, IconKey, IconPlus } from '@tabler/icons-react';
import { type ApiToken, MAIN_APP_SLUG, ROOT_APP_SLUG, apiTokenCalls, menuCalls } from '@rakit/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { QueryStatus } from '../../components/QueryStatus';
import { ScreenHeader } from '../../components/ScreenHeader';
import { WRAPPING_BADGE } from '../../components/wrapping-badge';
import { useCurrentApp } from '../../current-app/app-context';
import { useInstantText } from '../../current-app/use-instant-text';
import { useT } from '../../i18n/LanguageProvider';
import { dataOf, runChange } from '../admin-call';
import { ABILITY_LABELS } from './ability-labels';
import { ApiTokenFormDialog } from './ApiTokenFormDialog';

/**
 * An application's tokens for machines (issue 36): what each may do, on which pages, until when,
 * and when it was last used; a new one is shown once; any one is revoked.
 */
export function ApiTokenListScreen() {
  const { app, api } = useCurrentApp();
  const t = useT();
  const instant = useInstantText();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const builtApp = app.appSlug !== MAIN_APP_SLUG && app.appSlug !== ROOT_APP_SLUG;

  const queryKey = ['api-tokens', app.appSlug];
  const tokens = useQuery({ queryKey, queryFn: async () => dataOf(await api.call(apiTokenCalls.listApiTokens, { params: { appId: app.appId } }), t('admin.apiTokens.what')), enabled: builtApp });
  const pages = useQuery({ queryKey: ['pages', app.appSlug, 'all'], queryFn: async () => dataOf(await api.call(menuCalls.listAppPages, { params: { appId: app.appId } }), t('admin.apiTokens.colPages')), enabled: builtApp });
  const pageName = (pageId: number) => pages.data?.find((page) => page.pageId === pageId)?.pageName ?? t('admin.apiTokens.missingPage', { id: pageId });
  const refresh = () => queryClient.invalidateQueries({ queryKey });

  async function revoke(token: ApiToken) {
    const revoked = await runChange(api.call(apiTokenCalls.revokeApiToken, { body: { tokenId: token.tokenId } }), t('admin.apiTokens.revoked'));
    setRevoking(null);
    if (revoked) await refresh();
  }

  if (!builtApp) {
    return (
      <>
        <ScreenHeader title={t('admin.apiTokens.title')} />
        <Alert variant="light" icon={<IconInfoCircle size={18} />}>{t('admin.apiTokens.notHere')}</Alert>
      </>
    );
  }

  return (
    <>
      <ScreenHeader title={t('admin.apiTokens.title')}>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>{t('admin.apiTokens.add')}</Button>
      </ScreenHeader>
      <Text size="sm" c="dimmed" mb="sm">{t('admin.apiTokens.intro')}</Text>

      <QueryStatus what={t('admin.apiTokens.what')} isPending={tokens.isPending} error={tokens.error} />
      {tokens.data !== undefined && (
        <DataTable
          columns={[t('admin.apiTokens.colName'), t('admin.apiTokens.colAbilities'), t('admin.apiTokens.colPages'), t('admin.apiTokens.colExpires'), t('admin.apiTokens.colLastUsed'), null]}
          minWidth={880}
          wrap
          isEmpty={tokens.data.length === 0}
          emptyText={t('admin.apiTokens.empty')}
          caption={t('admin.apiTokens.caption')}
        >
          {tokens.data.map((token) => (
            <Table.Tr key={token.tokenId}>
              <Table.Td>
                <Group gap={6} wrap="nowrap"><IconKey size={16} aria-hidden /><Text size="sm" fw={600}>{token.tokenName}</Text></Group>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>{token.abilities.map((ability) => <Badge key={ability} variant="light" tt="none" h="auto" styles={WRAPPING_BADGE}>{t(ABILITY_LABELS[ability])}</Badge>)}</Group>
              </Table.Td>
              <Table.Td><Text size="sm">{token.pageIds.length === 0 ? t('admin.apiTokens.wholeApp') : token.pageIds.map(pageName).join(', ')}</Text></Table.Td>
              <Table.Td>
                {token.expired ? <Badge color="red" variant="light" tt="none">{t('admin.apiTokens.expired')}</Badge> : <Text size="sm">{instant(token.expiresAt)}</Text>}
              </Table.Td>
              <Table.Td><Text size="sm">{token.lastUsedAt === null ? t('admin.apiTokens.never') : instant(token.lastUsedAt)}</Text></Table.Td>
              <Table.Td ta="right">
                <Button size="compact-sm" variant="subtle" color="red" onClick={() => setRevoking(token)} aria-label={t('admin.apiTokens.revokeNamed', { name: token.tokenName })}>
                  {t('admin.apiTokens.revoke')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}

      {creating && <ApiTokenFormDialog pages={pages.data ?? []} onClose={() => setCreating(false)} onCreated={() => void refresh()} />}
      <ConfirmDialog
        opened={revoking !== null}
        message={t('admin.apiTokens.revokeConfirm', { name: revoking?.tokenName ?? '' })}
        confirmLabel={t('admin.apiTokens.revoke')}
        onConfirm={() => (revoking === null ? Promise.resolve() : revoke(revoking))}
        onClose={() => setRevoking(null)}
      />
    </>
  );
}
