import { type ClientInputOf, secondFactorCalls } from '@rakit/core';
import { Alert, Badge, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { dataOf, settle } from '../admin/admin-call';
import { type ApiAnswer, firstError } from '../api/client';
import { PasswordField } from '../auth/PasswordField';
import { notifySuccess } from '../components/notify';
import { QueryStatus } from '../components/QueryStatus';
import { useCurrentApp } from '../current-app/app-context';
import { useInstantText } from '../current-app/use-instant-text';
import { useT } from '../i18n/LanguageProvider';
import { RecoveryCodes, SecondFactorSetup } from './SecondFactorSetup';

/** The account's password and a code, which every change of one's second factor asks for. */
type SecondFactorProof = ClientInputOf<typeof secondFactorCalls.confirmSecondFactor>['body'];

type Step = 'status' | 'setUp' | 'turnOff' | 'renew';

/** One's own two-step verification (issue 36): its state, turning it on or off, new recovery codes. */
export default function SecondFactorDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const { app, api } = useCurrentApp();
  const when = useInstantText();
  const queryClient = useQueryClient();
  const title = t('shell.secondFactor.title');
  const queryKey = ['secondFactor', app.appSlug];
  const status = useQuery({ queryKey, queryFn: async ({ signal }) => dataOf(await api.call(secondFactorCalls.getSecondFactor, {}, { signal }), title) });
  const [step, setStep] = useState<Step>('status');
  const [renewed, setRenewed] = useState<string[] | null>(null);
  const back = async () => {
    setStep('status');
    setRenewed(null);
    await queryClient.invalidateQueries({ queryKey });
  };

  const state = status.data;
  return (
    <Modal opened onClose={onClose} title={title} size="lg" centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">{t('shell.secondFactor.intro')}</Text>
        <QueryStatus what={title} isPending={status.isPending} error={status.error} />
        {state !== undefined && step === 'status' && (
          <>
            <Group gap="xs">
              <Badge color={state.totp ? 'green' : 'gray'} variant="light">{state.totp ? t('shell.secondFactor.on') : t('shell.secondFactor.off')}</Badge>
              {state.totp && state.enabledAt !== null && <Text size="sm">{t('shell.secondFactor.since', { time: when(state.enabledAt), left: state.recoveryCodesLeft })}</Text>}
            </Group>
            {!state.passwordAccount && <Alert color="blue">{t('secondFactorNeedsPassword')}</Alert>}
            {state.requiredHere && <Text size="sm">{t('shell.secondFactor.requiredHere')}</Text>}
            <Group>
              {!state.totp && state.passwordAccount && <Button onClick={() => setStep('setUp')}>{t('shell.secondFactor.setUp')}</Button>}
              {state.totp && <Button variant="default" onClick={() => setStep('renew')}>{t('shell.secondFactor.renew')}</Button>}
              {state.totp && !state.requiredHere && <Button variant="light" color="red" onClick={() => setStep('turnOff')}>{t('shell.secondFactor.turnOff')}</Button>}
            </Group>
          </>
        )}
        {step === 'setUp' && <SecondFactorSetup onDone={() => { notifySuccess(t('shell.secondFactor.turnedOn')); void back(); }} />}
        {step === 'turnOff' && (
          <ProofForm submitLabel={t('shell.secondFactor.turnOff')} danger onCancel={() => void back()}
            send={(proof) => api.call(secondFactorCalls.disableSecondFactor, { body: proof })}
            onDone={() => { notifySuccess(t('shell.secondFactor.turnedOff')); void back(); }} />
        )}
        {step === 'renew' && renewed === null && (
          <ProofForm submitLabel={t('shell.secondFactor.renew')} onCancel={() => void back()}
            send={(proof) => api.call(secondFactorCalls.renewRecoveryCodes, { body: proof })}
            onDone={(data) => setRenewed((data as { recoveryCodes: string[] }).recoveryCodes)} />
        )}
        {renewed !== null && <RecoveryCodes codes={renewed} onDone={() => void back()} />}
      </Stack>
    </Modal>
  );
}

interface ProofFormProps {
  submitLabel: string;
  danger?: boolean;
  send: (proof: SecondFactorProof) => Promise<ApiAnswer<unknown>>;
  onDone: (data: unknown) => void;
  onCancel: () => void;
}

/** The password and a current code (or a recovery code), asked before a change of one's second factor. */
function ProofForm({ submitLabel, danger = false, send, onDone, onCancel }: ProofFormProps) {
  const t = useT();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const answer = await settle(send({ password, code }));
    setBusy(false);
    if (answer === null) setError(t('admin.changeRefused'));
    else if (!answer.status) setError(firstError(answer, t('admin.changeRefused')));
    else onDone(answer.data);
  }
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <PasswordField label={t('shell.secondFactor.password')} autoComplete="current-password" value={password} onChange={(event) => setPassword(event.currentTarget.value)} />
        <TextInput label={t('shell.secondFactor.codeOrRecovery')} autoComplete="one-time-code" value={code} onChange={(event) => setCode(event.currentTarget.value)} />
        {error !== null && <Alert color="red" role="alert">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy}>{t('shell.dialog.cancel')}</Button>
          <Button type="submit" color={danger ? 'red' : undefined} loading={busy}>{submitLabel}</Button>
        </Group>
      </Stack>
    </form>
  );
}
