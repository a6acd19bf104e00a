import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { HOOK_SIGNATURE_HEADER, HOOK_TIMESTAMP_HEADER, STEP_SECRET_MAX_LENGTH, STEP_SECRET_MIN_LENGTH, stepSecretCalls } from '@rakit/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { firstError } from '../../api/client';
import { notifyFailure, notifySuccess } from '../../components/notify';
import { ShownOnceDialog } from '../../components/ShownOnceDialog';
import { useCurrentApp } from '../../current-app/app-context';
import { useInstantText } from '../../current-app/use-instant-text';
import { t as translateNow } from '../../i18n/i18n';
import { useT } from '../../i18n/LanguageProvider';
import { runChange, settle } from '../admin-call';
import { loaded } from './load';

const secretsKey = (workflowId: number) => ['step-secrets', workflowId] as const;

/**
 * A Send Webhook step's signing secret (issue 37), in its Flow Configuration: whether it has one
 * and since when; a new one made by the server (shown once, to give the receiver) or the
 * receiver's own pasted; removed. It is no parameter of the card: it never enters the shared
 * flow, its versions or an exported bundle.
 */
export function StepSecretSection({ workflowId, actionId }: { workflowId: number; actionId: number }) {
  const { api } = useCurrentApp();
  const t = useT();
  const instant = useInstantText();
  const queryClient = useQueryClient();
  const exists = actionId > 0;
  const secrets = useQuery({
    queryKey: secretsKey(workflowId),
    queryFn: async () => loaded(await api.call(stepSecretCalls.listStepSecrets, { params: { id: workflowId } }), translateNow('workflow.stepSecret.title')),
    enabled: exists,
  });
  const [pasting, setPasting] = useState(false);
  const [pasted, setPasted] = useState('');
  const [shown, setShown] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const setAt = secrets.data?.find((s) => s.actionId === actionId)?.setAt ?? null;
  const refresh = () => queryClient.invalidateQueries({ queryKey: secretsKey(workflowId) });

  async function save(secret?: string) {
    setBusy(true);
    const answer = await settle(api.call(stepSecretCalls.setStepSecret, { body: secret === undefined ? { actionId } : { actionId, secret } }));
    setBusy(false);
    if (answer === null) return;
    if (!answer.status || answer.data === undefined) {
      notifyFailure(firstError(answer, t('workflow.stepSecret.failed')));
      return;
    }
    if (answer.data.secret !== null) setShown(answer.data.secret);
    else notifySuccess(t('workflow.stepSecret.saved'));
    setPasting(false);
    setPasted('');
    await refresh();
  }

  async function remove() {
    setBusy(true);
    const removed = await runChange(api.call(stepSecretCalls.deleteStepSecret, { body: { actionId } }), t('workflow.stepSecret.removed'));
    setBusy(false);
    if (removed) await refresh();
  }

  const pastedLength = pasted.trim().length;
  return (
    <Stack gap="xs" data-testid="step-secret">
      <Text size="xs" fw={700} c="dimmed" tt="uppercase">{t('workflow.stepSecret.title')}</Text>
      <Text size="sm" c="dimmed">{t('workflow.stepSecret.help')}</Text>
      {!exists ? <Text size="sm">{t('workflow.stepSecret.notCreated')}</Text> : (
        <>
          <Text size="sm" fw={500} c={setAt === null ? 'orange.8' : undefined} data-testid="step-secret-state">
            {setAt === null ? t('workflow.stepSecret.none') : t('workflow.stepSecret.setAt', { at: instant(setAt) })}
          </Text>
          {pasting ? (
            <Group align="flex-end" gap="xs">
              <PasswordInput
                style={{ flex: 1 }}
                label={t('workflow.stepSecret.pasteLabel')}
                value={pasted}
                onChange={(event) => setPasted(event.currentTarget.value)}
                maxLength={STEP_SECRET_MAX_LENGTH}
                autoComplete="off"
                data-autofocus
              />
              <Button disabled={pastedLength < STEP_SECRET_MIN_LENGTH} loading={busy} onClick={() => { void save(pasted.trim()); }}>{t('workflow.stepSecret.save')}</Button>
              <Button variant="default" onClick={() => { setPasting(false); setPasted(''); }}>{t('workflow.common.cancel')}</Button>
            </Group>
          ) : (
            <Group gap="xs">
              <Button size="xs" variant="light" loading={busy} onClick={() => { void save(); }}>{t('workflow.stepSecret.generate')}</Button>
              <Button size="xs" variant="default" onClick={() => setPasting(true)}>{t('workflow.stepSecret.paste')}</Button>
              {setAt !== null && <Button size="xs" variant="subtle" color="red" loading={busy} onClick={() => { void remove(); }}>{t('workflow.stepSecret.remove')}</Button>}
            </Group>
          )}
        </>
      )}
      {shown !== null && (
        <ShownOnceDialog
          title={t('workflow.stepSecret.shownTitle')}
          warning={t('workflow.stepSecret.shownHelp')}
          secret={shown}
          howTo={t('workflow.hooks.howToSign')}
          howToLines={[`${HOOK_TIMESTAMP_HEADER}: <unix seconds>`, `${HOOK_SIGNATURE_HEADER}: sha256=<hex HMAC-SHA256 of "<unix seconds>.<body>">`]}
          copyLabel={t('workflow.hooks.copy')}
          copiedLabel={t('workflow.hooks.copied')}
          doneLabel={t('workflow.hooks.done')}
          onDone={() => setShown(null)}
        />
      )}
    </Stack>
  );
}
