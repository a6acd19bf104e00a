import { Alert, Button, Code, Group, List, Paper, PasswordInput, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconCheck, IconGitBranch, IconInfoCircle } from '@tabler/icons-react';
import { type GitPullPreview, type GitSettings, GIT_MESSAGE_MAX, MAIN_APP_SLUG, ROOT_APP_SLUG, type TypedSecrets, gitCalls } from '@rakit/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import type { ApiAnswer } from '../../api/request';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { notifyFailure, notifySuccess } from '../../components/notify';
import { QueryStatus } from '../../components/QueryStatus';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useCurrentApp } from '../../current-app/app-context';
import { useInstantText } from '../../current-app/use-instant-text';
import { useT } from '../../i18n/LanguageProvider';
import { dataOf, runChange, settle } from '../admin-call';
import { type Refusal, RefusalAlert, refusalOf } from '../RefusalAlert';
import { needsSecrets, NO_SECRETS_TYPED, SecretFields } from '../apps/SecretFields';
import { ChangeList } from './ChangeList';

/** A commit as people read it: its first seven characters. */
const shortCommit = (commit: string) => commit.slice(0, 7);

/** What the last push or pull said, kept on the screen (a conflict's list is too long for a notice). */
type Outcome =
  | { kind: 'pulled'; commit: string; changedFiles: string[]; keptFromApplication: string[] }
  | ({ kind: 'refused' } & Refusal);

/**
 * An application kept in a git repository (issue 39): where it is (address, branch, the token
 * that may write there, never shown again), the commit the application and the branch last
 * agreed on, a push with what changed, and a pull of what was merged there, with each conflict
 * named when both sides changed the same thing.
 */
export function GitScreen() {
  const { app, api } = useCurrentApp();
  const t = useT();
  const builtApp = app.appSlug !== MAIN_APP_SLUG && app.appSlug !== ROOT_APP_SLUG;
  const queryKey = ['git', app.appSlug];
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey, queryFn: async () => dataOf(await api.call(gitCalls.getGitSettings, { params: { appId: app.appId } }), t('admin.git.what')), enabled: builtApp });

  if (!builtApp) {
    return (
      <>
        <ScreenHeader title={t('admin.git.title')} />
        <Alert variant="light" icon={<IconInfoCircle size={18} />}>{t('admin.git.notHere')}</Alert>
      </>
    );
  }
  return (
    <>
      <ScreenHeader title={t('admin.git.title')} />
      <Text size="sm" c="dimmed" mb="md" maw={760}>{t('admin.git.intro')}</Text>
      <QueryStatus what={t('admin.git.what')} isPending={settings.isPending} error={settings.error} />
      {settings.data !== undefined && (
        <Stack gap="lg" maw={760}>
          {/* Mounted again with what was saved (or disconnected): the fields start from the stored settings. */}
          <RepositoryForm key={`${settings.data.repositoryUrl}|${settings.data.branch}|${settings.data.username}`} settings={settings.data} onSaved={(saved) => queryClient.setQueryData(queryKey, saved)} onDisconnected={() => void queryClient.invalidateQueries({ queryKey })} />
          {settings.data.repositoryUrl !== '' && <Exchange settings={settings.data} onDone={() => void queryClient.invalidateQueries({ queryKey })} />}
        </Stack>
      )}
    </>
  );
}

function RepositoryForm({ settings, onSaved, onDisconnected }: { settings: GitSettings; onSaved: (saved: GitSettings) => void; onDisconnected: () => void }) {
  const { app, api } = useCurrentApp();
  const t = useT();
  const [repositoryUrl, setRepositoryUrl] = useState(settings.repositoryUrl);
  const [branch, setBranch] = useState(settings.branch);
  const [username, setUsername] = useState(settings.username);
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  const [disconnecting, setDisconnecting] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const answer = await settle(api.call(gitCalls.saveGitSettings, { body: { appId: app.appId, repositoryUrl: repositoryUrl.trim(), branch: branch.trim(), username: username.trim(), token } }));
      if (answer === null) return;
      if (answer.status && answer.data !== undefined) {
        notifySuccess(t('admin.git.saved'));
        setToken('');
        onSaved(answer.data);
      } else {
        notifyFailure(answer.error?.[0] ?? t('admin.changeRefused'));
      }
    } finally {
      setBusy(false);
    }
  }

  const connected = settings.repositoryUrl !== '';
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="git-repository">
      <Title order={2} size="h4" id="git-repository" mb="sm">{t('admin.git.repository')}</Title>
      <form onSubmit={(event) => void save(event)}>
        <Stack gap="sm">
          <TextInput label={t('admin.git.address')} description={t('admin.git.addressHint')} placeholder={t('admin.git.addressExample')} value={repositoryUrl} onChange={(event) => setRepositoryUrl(event.currentTarget.value)} required />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('admin.git.branch')} value={branch} onChange={(event) => setBranch(event.currentTarget.value)} required />
            <TextInput label={t('admin.git.username')} description={t('admin.git.usernameHint')} value={username} onChange={(event) => setUsername(event.currentTarget.value)} />
          </SimpleGrid>
          <PasswordInput
            label={t('admin.git.token')}
            description={settings.hasToken ? t('admin.git.tokenStored') : t('admin.git.tokenHint')}
            value={token}
            onChange={(event) => setToken(event.currentTarget.value)}
            autoComplete="new-password"
          />
          {connected && (
            <Text size="sm" c="dimmed" data-testid="git-synced">
              {settings.syncedCommit === null ? t('admin.git.neverSynced') : <SyncedText commit={settings.syncedCommit} at={settings.syncedAt} />}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            {connected && <Button variant="subtle" color="red" onClick={() => setDisconnecting(true)}>{t('admin.git.disconnect')}</Button>}
            <Button type="submit" loading={busy}>{t('admin.git.save')}</Button>
          </Group>
        </Stack>
      </form>
      <ConfirmDialog
        opened={disconnecting}
        message={t('admin.git.disconnectConfirm')}
        confirmLabel={t('admin.git.disconnect')}
        onConfirm={async () => {
          if (await runChange(api.call(gitCalls.disconnectGit, { body: { appId: app.appId } }), t('admin.git.disconnected'))) onDisconnected();
          setDisconnecting(false);
        }}
        onClose={() => setDisconnecting(false)}
      />
    </Paper>
  );
}

function SyncedText({ commit, at }: { commit: string; at: string | null }) {
  const t = useT();
  const instant = useInstantText();
  return <>{t('admin.git.synced', { commit: shortCommit(commit), time: at === null ? '' : instant(at) })}</>;
}

/** Push and pull, side by side on a wide screen, one above the other on a phone. */
function Exchange({ settings, onDone }: { settings: GitSettings; onDone: () => void }) {
  const { app, api } = useCurrentApp();
  const t = useT();
  const [message, setMessage] = useState('');
  const [pushing, setPushing] = useState(false);
  const [pulling, setPulling] = useState(false);
  const [checking, setChecking] = useState(false);
  const [preview, setPreview] = useState<GitPullPreview | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  /** Passwords and secrets for the connections and APIs the branch brings, typed under its preview. */
  const [secrets, setSecrets] = useState<TypedSecrets>(NO_SECRETS_TYPED);

  const refused = (answer: ApiAnswer<unknown>) => setOutcome({ kind: 'refused', ...refusalOf(answer, t('admin.changeRefused')) });

  async function push(event: FormEvent) {
    event.preventDefault();
    setPushing(true);
    setOutcome(null);
    try {
      const answer = await settle(api.call(gitCalls.pushToGit, { body: { appId: app.appId, message: message.trim() } }));
      if (answer === null) return;
      if (answer.status && answer.data !== undefined) {
        const { commit, changedFiles } = answer.data;
        notifySuccess(changedFiles === 0 ? t('admin.git.nothingToPush') : t('admin.git.pushed', { commit: shortCommit(commit), count: changedFiles }));
        if (changedFiles > 0) setMessage('');
        onDone();
      } else {
        refused(answer);
      }
    } finally {
      setPushing(false);
    }
  }

  /** What a pull would change, shown before anything is written. */
  async function check() {
    setChecking(true);
    setOutcome(null);
    setPreview(null);
    setSecrets(NO_SECRETS_TYPED);
    try {
      const answer = await settle(api.call(gitCalls.previewPullFromGit, { body: { appId: app.appId } }));
      if (answer === null) return;
      if (answer.status && answer.data !== undefined) setPreview(answer.data);
      else refused(answer);
    } finally {
      setChecking(false);
    }
  }

  /** Pulls the commit the preview showed: if the branch moved since, the server refuses and says so. */
  async function pull(commit: string) {
    setPulling(true);
    setOutcome(null);
    setPreview(null);
    try {
      const answer = await settle(api.call(gitCalls.pullFromGit, { body: { appId: app.appId, ...secrets, commit } }));
      if (answer === null) return;
      if (answer.status && answer.data !== undefined) {
        setOutcome({ kind: 'pulled', ...answer.data });
        onDone();
      } else {
        refused(answer);
      }
    } finally {
      setPulling(false);
    }
  }

  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Paper withBorder p="md" component="section" aria-labelledby="git-push">
          <Title order={2} size="h4" id="git-push" mb={4}>{t('admin.git.pushTitle')}</Title>
          <Text size="sm" c="dimmed" mb="sm">{t('admin.git.pushHint', { branch: settings.branch })}</Text>
          <form onSubmit={(event) => void push(event)}>
            <Stack gap="sm">
              <Textarea label={t('admin.git.message')} value={message} onChange={(event) => setMessage(event.currentTarget.value)} maxLength={GIT_MESSAGE_MAX} autosize minRows={2} required />
              <Group justify="flex-end"><Button type="submit" loading={pushing} disabled={pulling}>{t('admin.git.push')}</Button></Group>
            </Stack>
          </form>
        </Paper>
        <Paper withBorder p="md" component="section" aria-labelledby="git-pull">
          <Title order={2} size="h4" id="git-pull" mb={4}>{t('admin.git.pullTitle')}</Title>
          <Text size="sm" c="dimmed" mb="sm">{t('admin.git.pullHint', { branch: settings.branch })}</Text>
          <Group justify="flex-end"><Button variant="light" leftSection={<IconGitBranch size={16} />} loading={checking} disabled={pushing || pulling} onClick={() => void check()}>{t('admin.git.check')}</Button></Group>
        </Paper>
      </SimpleGrid>
      {preview !== null && (
        <PreviewPanel preview={preview} syncedCommit={settings.syncedCommit} pulling={pulling} onPull={() => void pull(preview.commit)}>
          <SecretFields needed={preview} typed={secrets} onChange={setSecrets} />
        </PreviewPanel>
      )}
      {outcome !== null && <OutcomeAlert outcome={outcome} />}
    </>
  );
}

/** The branch's changes as a pull would apply them, and the button that applies them; or what would refuse it. */
function PreviewPanel({ preview, syncedCommit, pulling, onPull, children }: { preview: GitPullPreview; syncedCommit: string | null; pulling: boolean; onPull: () => void; children: ReactNode }) {
  const t = useT();
  if (preview.conflicts.length > 0) {
    return <RefusalAlert refusal={{ title: t('admin.git.conflictsTitle'), details: preview.conflicts }} testId="git-outcome" />;
  }
  const upToDate = preview.changes.length === 0 && preview.commit === syncedCommit;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="git-preview">
      <Title order={2} size="h4" id="git-preview" mb="sm">
        {upToDate ? t('admin.git.nothingToPull') : t('admin.git.changesTitle', { count: preview.changes.length, commit: shortCommit(preview.commit) })}
      </Title>
      {preview.keptFromApplication.length > 0 && <Text size="sm" mb="sm">{t('admin.git.keptBefore', { files: preview.keptFromApplication.join(', ') })}</Text>}
      <ChangeList changes={preview.changes} />
      {!upToDate && (
        <>
          {/* The connections and APIs the branch brings that the application holds no secret for. */}
          {needsSecrets(preview) && <Stack gap="sm" mt="md">{children}</Stack>}
          <Group justify="flex-end" mt="md"><Button loading={pulling} onClick={onPull}>{t('admin.git.pullChanges')}</Button></Group>
        </>
      )}
    </Paper>
  );
}

function OutcomeAlert({ outcome }: { outcome: Outcome }) {
  const t = useT();
  if (outcome.kind === 'refused') return <RefusalAlert refusal={outcome} testId="git-outcome" />;
  const title = outcome.changedFiles.length === 0 ? t('admin.git.nothingToPull') : t('admin.git.pulled', { commit: shortCommit(outcome.commit), count: outcome.changedFiles.length });
  return (
    <Alert color="green" variant="light" icon={<IconCheck size={18} />} title={title} role="status" data-testid="git-outcome">
      {outcome.changedFiles.length > 0 && <List size="sm" spacing={2}>{outcome.changedFiles.map((file) => <List.Item key={file}><Code>{file}</Code></List.Item>)}</List>}
      {outcome.keptFromApplication.length > 0 && <Text size="sm" mt="xs">{t('admin.git.kept', { files: outcome.keptFromApplication.join(', ') })}</Text>}
    </Alert>
  );
}
