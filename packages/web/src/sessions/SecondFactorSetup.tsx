import { secondFactorCalls } from '@rakit/core';
import { Alert, Button, Code, CopyButton, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { downloadBlob } from '../actions/file-download';
import { dataOf, settle } from '../admin/admin-call';
import { firstError } from '../api/client';
import { PasswordField } from '../auth/PasswordField';
import { QueryStatus } from '../components/QueryStatus';
import { useCurrentApp } from '../current-app/app-context';
import { useT } from '../i18n/LanguageProvider';
import { QrCode } from './QrCode';

/** The secret as a person types it into an app without a camera: groups of four. */
const spaced = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * Setting up TOTP (issue 36): a new secret as a QR code and as text, confirmed with a code of it
 * and the password; then the recovery codes, shown this once, to copy or download before going on.
 */
export function SecondFactorSetup({ onDone }: { onDone: () => void }) {
  const t = useT();
  const { app, api } = useCurrentApp();
  const title = t('shell.secondFactor.title');
  // Made once per setup (a second call would replace the secret the QR code shows).
  const secret = useQuery({
    queryKey: ['secondFactorSecret', app.appSlug], staleTime: Infinity, gcTime: 0, retry: false,
    queryFn: async () => dataOf(await api.call(secondFactorCalls.startSecondFactor, { body: {} }), title),
  });
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const answer = await settle(api.call(secondFactorCalls.confirmSecondFactor, { body: { password, code } }));
    setBusy(false);
    if (answer === null) setError(t('admin.changeRefused'));
    else if (!answer.status || answer.data === undefined) setError(firstError(answer, t('admin.changeRefused')));
    else setRecoveryCodes(answer.data.recoveryCodes);
  }

  if (recoveryCodes !== null) return <RecoveryCodes codes={recoveryCodes} onDone={onDone} />;
  return (
    <Stack gap="sm">
      <QueryStatus what={title} isPending={secret.isPending} error={secret.error} />
      {secret.data !== undefined && (
        <>
          <Text size="sm">{t('shell.secondFactor.scan')}</Text>
          <Group align="flex-start" gap="md">
            <QrCode text={secret.data.uri} label={t('shell.secondFactor.qrLabel')} />
            <Stack gap={4} miw={0}>
              <Text size="xs" c="dimmed">{t('shell.secondFactor.orType')}</Text>
              <Code style={{ wordBreak: 'break-all' }} data-testid="totp-secret">{spaced(secret.data.secret)}</Code>
            </Stack>
          </Group>
          <form onSubmit={(event) => void confirm(event)} noValidate>
            <Stack gap="sm">
              <TextInput
                label={t('shell.secondFactor.code')}
                description={t('shell.secondFactor.codeHint')}
                autoComplete="one-time-code" inputMode="numeric" maxLength={6}
                value={code} onChange={(event) => setCode(event.currentTarget.value)}
              />
              <PasswordField label={t('shell.secondFactor.password')} autoComplete="current-password" value={password} onChange={(event) => setPassword(event.currentTarget.value)} />
              {error !== null && <Alert color="red" role="alert">{error}</Alert>}
              <Group justify="flex-end">
                <Button type="submit" loading={busy}>{t('shell.secondFactor.turnOn')}</Button>
              </Group>
            </Stack>
          </form>
        </>
      )}
    </Stack>
  );
}

/** Recovery codes, shown once: copied or downloaded before the person goes on. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useT();
  const text = codes.join('\n');
  return (
    <Stack gap="sm">
      <Alert color="yellow" title={t('shell.secondFactor.codesTitle')}>{t('shell.secondFactor.codesHint')}</Alert>
      {/* Two columns, numbered inside the dialog's padding: ten short codes read at a glance. */}
      <List spacing={2} type="ordered" withPadding aria-label={t('shell.secondFactor.codesTitle')} style={{ columns: 2 }} styles={{ item: { fontFamily: 'monospace' } }}>
        {codes.map((code) => <List.Item key={code}>{code}</List.Item>)}
      </List>
      <Group justify="space-between">
        <Group gap="xs">
          <CopyButton value={text}>
            {({ copied, copy }) => <Button variant="default" size="xs" onClick={copy}>{copied ? t('shell.secondFactor.copied') : t('shell.secondFactor.copy')}</Button>}
          </CopyButton>
          <Button variant="default" size="xs" onClick={() => downloadBlob(new Blob([`${text}\n`], { type: 'text/plain' }), 'rakit-recovery-codes.txt')}>{t('shell.secondFactor.download')}</Button>
        </Group>
        <Button onClick={onDone}>{t('shell.secondFactor.saved')}</Button>
      </Group>
    </Stack>
  );
}
