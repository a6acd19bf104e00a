import { Badge, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile, IconDeviceTablet, IconDevices } from '@tabler/icons-react';
import { type EndOwnSessionsBody, type MessageKey, type OwnSession, type SessionMethod, signInCalls } from '@rakit/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { dataOf, runChange } from '../admin/admin-call';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { QueryStatus } from '../components/QueryStatus';
import { useCurrentApp } from '../current-app/app-context';
import { useInstantText } from '../current-app/use-instant-text';
import { type Translate, useT } from '../i18n/LanguageProvider';
import { usePasskeysDialog, useSecondFactorDialog } from './use-second-factor-dialog';

const DEVICE_ICONS = { desktop: IconDeviceDesktop, mobile: IconDeviceMobile, tablet: IconDeviceTablet, other: IconDevices } as const;

const METHOD_TEXTS = {
  password: 'shell.sessions.method.password',
  singleSignOn: 'shell.sessions.method.singleSignOn',
  fromMain: 'shell.sessions.method.fromMain',
  passkey: 'shell.sessions.method.passkey',
} as const satisfies Record<SessionMethod, MessageKey>;

/** "Chrome 131 on Android 14", or what there is of it. */
function deviceName(t: Translate, session: OwnSession): string {
  if (session.browser !== '' && session.system !== '') return t('shell.sessions.device', { browser: session.browser, system: session.system });
  return session.browser || session.system || t('shell.sessions.unknownDevice');
}

/**
 * The signed-in person's sessions (issue 36): each device he is signed in on, in any
 * application, with where and when; he ends one he does not know, or every other one.
 */
export default function OwnSessionsDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const { app, api } = useCurrentApp();
  const when = useInstantText();
  const queryClient = useQueryClient();
  const queryKey = ['ownSessions', app.appSlug];
  const title = t('shell.sessions.title');
  const sessions = useQuery({ queryKey, queryFn: async ({ signal }) => dataOf(await api.call(signInCalls.listOwnSessions, {}, { signal }), title).sessions });
  const [askingOthers, setAskingOthers] = useState(false);
  const secondFactor = useSecondFactorDialog();
  const passkeys = usePasskeysDialog();
  const others = (sessions.data ?? []).filter((session) => !session.current);

  async function end(body: EndOwnSessionsBody, success: string) {
    await runChange(api.call(signInCalls.endOwnSessions, { body }), success);
    await queryClient.invalidateQueries({ queryKey });
  }

  return (
    <>
      <Modal opened onClose={onClose} title={title} size="lg" centered>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">{t('shell.sessions.intro')}</Text>
          <QueryStatus what={title} isPending={sessions.isPending} error={sessions.error} />
          {sessions.data !== undefined && (
            <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={title}>
              {sessions.data.map((session) => {
                const Icon = DEVICE_ICONS[session.device];
                const device = deviceName(t, session);
                return (
                  <Paper component="li" key={session.sessionId} withBorder p="sm" data-testid="own-session">
                    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                      <Group gap="sm" wrap="nowrap" align="flex-start" miw={0}>
                        <Icon size={24} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
                        <Stack gap={2} miw={0}>
                          <Group gap="xs">
                            <Text fw={600} size="sm">{device}</Text>
                            {session.current && <Badge color="green" variant="light">{t('shell.sessions.current')}</Badge>}
                          </Group>
                          <Text size="xs" c="dimmed">{t('shell.sessions.where', { app: session.appSlug, method: t(METHOD_TEXTS[session.method]), address: session.address })}</Text>
                          <Text size="xs" c="dimmed">{t('shell.sessions.when', { signedIn: when(session.signedInAt), lastUsed: when(session.lastUsedAt) })}</Text>
                        </Stack>
                      </Group>
                      {!session.current && (
                        <Button size="xs" variant="light" color="red" style={{ flexShrink: 0 }}
                          aria-label={t('shell.sessions.endNamed', { device })}
                          onClick={() => void end({ end: 'one', sessionId: session.sessionId }, t('shell.sessions.ended'))}>
                          {t('shell.sessions.end')}
                        </Button>
                      )}
                    </Group>
                  </Paper>
                );
              })}
            </Stack>
          )}
          <Group mt="xs" justify="space-between">
            <Button color="red" variant="light" disabled={others.length === 0} onClick={() => setAskingOthers(true)}>{t('shell.sessions.endOthers')}</Button>
            {/* Members reach their second factor from here: the runtime's header has no profile popover. */}
            <Group gap={0}>
              <Button variant="subtle" onClick={passkeys.open}>{t('shell.passkeys.title')}</Button>
              <Button variant="subtle" onClick={secondFactor.open}>{t('shell.secondFactor.title')}</Button>
            </Group>
          </Group>
        </Stack>
      </Modal>
      {secondFactor.dialog}
      {passkeys.dialog}
      <ConfirmDialog
        opened={askingOthers}
        message={t('shell.sessions.endOthersConfirm', { count: others.length })}
        confirmLabel={t('shell.sessions.endOthers')}
        onConfirm={async () => {
          await end({ end: 'others' }, t('shell.sessions.othersEnded', { count: others.length }));
          setAskingOthers(false);
        }}
        onClose={() => setAskingOthers(false)}
      />
    </>
  );
}
