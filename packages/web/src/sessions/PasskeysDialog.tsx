import { Alert, Badge, Button, Group, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconFingerprint } from '@tabler/icons-react';
import { type Passkey, passkeyCalls } from '@rakit/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { dataOf, runChange, settle } from '../admin/admin-call';
import { firstError } from '../api/client';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { QueryStatus } from '../components/QueryStatus';
import { useCurrentApp } from '../current-app/app-context';
import { useInstantText } from '../current-app/use-instant-text';
import { useT } from '../i18n/LanguageProvider';
import { plainPasskeyAnswer } from '../auth/passkey-answer';

/**
 * One's own passkeys (issue 36): a phone's or computer's fingerprint, face or PIN, or a security
 * key, to sign in with instead of the password. Added here (the browser asks the device), named,
 * removed.
 */
export default function PasskeysDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const { app, api } = useCurrentApp();
  const when = useInstantText();
  const queryClient = useQueryClient();
  const title = t('shell.passkeys.title');
  const queryKey = ['passkeys', app.appSlug];
  const passkeys = useQuery({ queryKey, queryFn: async ({ signal }) => dataOf(await api.call(passkeyCalls.listPasskeys, {}, { signal }), title).passkeys });
  const [name, setName] = useState(defaultPasskeyName());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const supported = typeof window.PublicKeyCredential === 'function';

  async function add(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const options = await settle(api.call(passkeyCalls.startPasskeyRegistration, { body: {} }));
      if (options === null || !options.status || options.data === undefined) {
        setError(options === null ? t('admin.changeRefused') : firstError(options, t('admin.changeRefused')));
        return;
      }
      const { startRegistration } = await import('@simplewebauthn/browser');
      let response;
      try {
        response = await startRegistration({ optionsJSON: options.data.options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'] });
      } catch {
        // The person cancelled, or the device refused: nothing was made.
        setError(t('shell.passkeys.cancelled'));
        return;
      }
      if (await runChange(api.call(passkeyCalls.registerPasskey, { body: { name: name.trim() || defaultPasskeyName(), response: plainPasskeyAnswer(response) } }), t('shell.passkeys.added'))) {
        setName(defaultPasskeyName());
        await queryClient.invalidateQueries({ queryKey });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Modal opened onClose={onClose} title={title} size="lg" centered>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">{t('shell.passkeys.intro')}</Text>
          <QueryStatus what={title} isPending={passkeys.isPending} error={passkeys.error} />
          {passkeys.data !== undefined && passkeys.data.length === 0 && <Text size="sm">{t('shell.passkeys.none')}</Text>}
          {passkeys.data !== undefined && passkeys.data.length > 0 && (
            <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={title}>
              {passkeys.data.map((passkey) => (
                <Paper component="li" key={passkey.credentialId} withBorder p="sm">
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <Group gap="sm" wrap="nowrap" miw={0}>
                      <IconFingerprint size={24} aria-hidden style={{ flexShrink: 0 }} />
                      <Stack gap={2} miw={0}>
                        <Group gap="xs">
                          <Text fw={600} size="sm">{passkey.name}</Text>
                          {passkey.backedUp && <Badge variant="light" color="teal">{t('shell.passkeys.synced')}</Badge>}
                        </Group>
                        <Text size="xs" c="dimmed">
                          {t('shell.passkeys.when', { added: when(passkey.createdAt), used: passkey.lastUsedAt === null ? t('shell.passkeys.never') : when(passkey.lastUsedAt) })}
                        </Text>
                      </Stack>
                    </Group>
                    <Button size="xs" variant="light" color="red" style={{ flexShrink: 0 }} aria-label={t('shell.passkeys.removeNamed', { name: passkey.name })} onClick={() => setRemoving(passkey)}>
                      {t('shell.dialog.remove')}
                    </Button>
                  </Group>
                </Paper>
              ))}
            </Stack>
          )}
          {supported ? (
            <form onSubmit={(event) => void add(event)} noValidate>
              <Group align="flex-end" gap="sm">
                <TextInput label={t('shell.passkeys.name')} value={name} maxLength={60} onChange={(event) => setName(event.currentTarget.value)} style={{ flex: 1, minWidth: 180 }} />
                <Button type="submit" loading={busy} leftSection={<IconFingerprint size={16} />}>{t('shell.passkeys.add')}</Button>
              </Group>
            </form>
          ) : <Alert color="gray">{t('shell.passkeys.unsupported')}</Alert>}
          {error !== null && <Alert color="red" role="alert">{error}</Alert>}
        </Stack>
      </Modal>
      <ConfirmDialog
        opened={removing !== null}
        message={t('shell.passkeys.removeConfirm', { name: removing?.name ?? '' })}
        confirmLabel={t('shell.dialog.remove')}
        onConfirm={async () => {
          if (removing !== null && await runChange(api.call(passkeyCalls.deletePasskey, { body: { credentialId: removing.credentialId } }), t('shell.passkeys.removed'))) await queryClient.invalidateQueries({ queryKey });
          setRemoving(null);
        }}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}

/** A name the person may keep: the device he adds it on ("Android", "Windows"…). */
function defaultPasskeyName(): string {
  const agent = navigator.userAgent;
  const device = ['Android', 'iPhone', 'iPad', 'Windows', 'Mac OS', 'Linux'].find((name) => agent.includes(name));
  return device === undefined ? 'Passkey' : device.replace('Mac OS', 'Mac');
}
