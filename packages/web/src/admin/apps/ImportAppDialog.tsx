import { Alert, Checkbox, FileInput, SegmentedControl, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { type Application, type BundlePreview, isBuiltInApp, MAX_BUNDLE_BYTES, type MessageKey, slugify, type TypedSecrets, bundleCalls, type ClientInputOf } from '@rakit/core';
import { useState } from 'react';
import { ApiUnreachableError, firstError } from '../../api/client';
import { FormDialog } from '../../components/FormDialog';
import { useCurrentApp } from '../../current-app/app-context';
import { notifyFailure, notifySuccess } from '../../components/notify';
import { t } from '../../i18n/i18n';
import { useT } from '../../i18n/LanguageProvider';
import { NO_SECRETS_TYPED, SecretFields } from './SecretFields';

/** What previewImport and importApp take: the bundle as read from its file, where it goes, the connections' passwords. */
type ImportBundleInput = ClientInputOf<typeof bundleCalls.importApp>['body'];

interface ImportAppDialogProps {
  /** The applications the user may import over (the server checks he administers the one chosen). */
  apps: readonly Application[];
  onClose: () => void;
  onImported: () => void;
}

/** What each kind of the preview is called on screen. */
const KIND_LABELS: Record<string, MessageKey> = {
  pages: 'admin.import.kindPages', menus: 'admin.import.kindMenus', groups: 'admin.import.kindGroups', connections: 'admin.import.kindConnections',
  queries: 'admin.import.kindQueries', functions: 'admin.import.kindFunctions', triggers: 'admin.import.kindTriggers', workflows: 'admin.import.kindWorkflows',
  printTemplates: 'admin.import.kindPrintTemplates', pdfTemplates: 'admin.import.kindPdfTemplates', apis: 'admin.import.kindApis',
};

/** A bundle's usual file name, as the file field's example (a technical token, in no catalog). */
const BUNDLE_FILE_EXAMPLE = 'application.rakit.json';

/** The names of one column of the preview, or a dash. */
const names = (list: readonly string[]) => (list.length === 0 ? '—' : list.join(', '));

/** A bundle file as JSON, or the reason it is not one. */
async function readBundleFile(file: File): Promise<{ ok: true; bundle: unknown } | { ok: false; error: string }> {
  if (file.size > MAX_BUNDLE_BYTES) return { ok: false, error: t('admin.import.tooLarge', { mb: MAX_BUNDLE_BYTES / 1024 / 1024 }) };
  try {
    return { ok: true, bundle: JSON.parse(await file.text()) };
  } catch {
    return { ok: false, error: t('admin.import.notJson') };
  }
}

function bundleAppName(bundle: unknown): string {
  const app = (bundle as { app?: { appName?: unknown } } | null)?.app;
  return typeof app?.appName === 'string' ? app.appName : '';
}

/**
 * Import an application bundle (issue 17): as a new application named here, or over one of
 * the user's; Preview shows what will be added, changed and removed and the connections that
 * need a password, then Import writes it all at once.
 */
export function ImportAppDialog({ apps, onClose, onImported }: ImportAppDialogProps) {
  const { api } = useCurrentApp();
  const translate = useT();
  const [file, setFile] = useState<File | null>(null);
  const [bundle, setBundle] = useState<unknown>(undefined);
  const [fileError, setFileError] = useState<string | null>(null);
  const [kind, setKind] = useState<'new' | 'replace'>('new');
  const [appName, setAppName] = useState('');
  const [appSlug, setAppSlug] = useState('');
  const [replaceId, setReplaceId] = useState<string | null>(null);
  const [withUsers, setWithUsers] = useState(false);
  const [secrets, setSecrets] = useState<TypedSecrets>(NO_SECRETS_TYPED);
  const [preview, setPreview] = useState<BundlePreview | null>(null);
  const replaceable = apps.filter((app) => !isBuiltInApp(app.appSlug));

  async function choose(chosen: File | null) {
    setFile(chosen);
    setPreview(null);
    setBundle(undefined);
    setFileError(null);
    if (chosen === null) return;
    const read = await readBundleFile(chosen);
    if (!read.ok) {
      setFileError(read.error);
      return;
    }
    setBundle(read.bundle);
    if (appName === '') setAppName(translate('admin.import.copyName', { name: bundleAppName(read.bundle) }).trim());
  }

  /** Any change of the target asks for a new preview. */
  const retarget = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPreview(null);
  };

  function body(): ImportBundleInput | null {
    if (bundle === undefined) return null;
    if (kind === 'new') {
      const slug = appSlug.trim();
      return { bundle, target: { kind: 'new', appName: appName.trim(), ...(slug === '' ? {} : { appSlug: slug }) }, ...secrets, withUsers };
    }
    return replaceId === null ? null : { bundle, target: { kind: 'replace', appId: Number(replaceId) }, ...secrets, withUsers };
  }

  async function submit() {
    const input = body();
    if (input === null) {
      notifyFailure(bundle === undefined ? translate('admin.import.chooseFile') : translate('admin.import.chooseTarget'));
      return;
    }
    if (input.target.kind === 'new' && input.target.appName === '') {
      notifyFailure(translate('admin.import.nameRequired'));
      return;
    }
    try {
      if (preview === null) {
        const answer = await api.call(bundleCalls.previewImport, { body: input });
        if (answer.status && answer.data !== undefined) setPreview(answer.data);
        else notifyFailure(firstError(answer, translate('admin.import.readFailed')));
        return;
      }
      const answer = await api.call(bundleCalls.importApp, { body: input });
      if (!answer.status || answer.data === undefined) {
        notifyFailure([firstError(answer, translate('admin.import.importFailed')), ...(answer.error?.slice(1) ?? [])].join(': '));
        return;
      }
      notifySuccess(translate('admin.import.imported', { slug: answer.data.appSlug }));
      for (const workflow of answer.data.unpublished) notifyFailure(translate('admin.import.notPublished', { name: workflow.name, problems: workflow.problems.join('; ') }));
      onImported();
    } catch (error) {
      if (!(error instanceof ApiUnreachableError)) throw error;
      console.error(error);
      notifyFailure(translate('admin.serverUnreachable'));
    }
  }

  return (
    <FormDialog title={translate('admin.import.title')} onSubmit={submit} onClose={onClose} size="lg" submitLabel={preview === null ? translate('admin.import.preview') : translate('admin.import.import')}>
      <FileInput
        label={translate('admin.import.bundleFile')}
        placeholder={BUNDLE_FILE_EXAMPLE}
        accept="application/json,.json"
        leftSection={<IconFileImport size={16} />}
        value={file}
        onChange={(chosen) => void choose(chosen)}
        error={fileError}
        clearable
        clearButtonProps={{ 'aria-label': translate('admin.import.clearFile') }}
        data-autofocus
      />
      <SegmentedControl
        value={kind}
        onChange={retarget((value: string) => setKind(value === 'replace' ? 'replace' : 'new'))}
        data={[{ value: 'new', label: translate('admin.import.asNew') }, { value: 'replace', label: translate('admin.import.overExisting') }]}
        disabled={kind === 'new' && replaceable.length === 0}
      />
      {kind === 'new'
        ? (
          <>
            <TextInput label={translate('admin.import.newName')} value={appName} onChange={(event) => retarget(setAppName)(event.currentTarget.value)} />
            <TextInput
              label={translate('admin.import.slug')}
              description={translate('admin.import.slugHint')}
              placeholder={slugify(appName)}
              value={appSlug}
              onChange={(event) => retarget(setAppSlug)(event.currentTarget.value)}
            />
          </>
        )
        : (
          <Select
            label={translate('admin.import.target')}
            placeholder={translate('admin.import.targetPlaceholder')}
            data={replaceable.map((app) => ({ value: String(app.appId), label: `${app.appName} (/${app.appSlug})` }))}
            value={replaceId}
            onChange={retarget(setReplaceId)}
          />
        )}
      <Checkbox label={translate('admin.import.withUsers')} checked={withUsers} onChange={(event) => retarget(setWithUsers)(event.currentTarget.checked)} />

      {preview !== null && (
        <Stack gap="xs" data-testid="import-preview">
          <Text size="sm" fw={600}>{translate('admin.import.previewTitle', { name: preview.appName })}</Text>
          {kind === 'replace' && (
            <Alert color="orange" p="xs">{translate('admin.import.replaceWarning')}</Alert>
          )}
          <Table.ScrollContainer minWidth={420}>
            <Table withTableBorder striped fz="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{translate('admin.import.colKind')}</Table.Th><Table.Th>{translate('admin.import.colAdded')}</Table.Th>
                  <Table.Th>{translate('admin.import.colChanged')}</Table.Th><Table.Th>{translate('admin.import.colRemoved')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.changes.filter((c) => c.added.length + c.changed.length + c.removed.length > 0).map((change) => (
                  <Table.Tr key={change.kind}>
                    <Table.Td>{change.kind in KIND_LABELS ? translate(KIND_LABELS[change.kind] as MessageKey) : change.kind}</Table.Td>
                    <Table.Td>{names(change.added)}</Table.Td>
                    <Table.Td>{names(change.changed)}</Table.Td>
                    <Table.Td c={change.removed.length > 0 ? 'red' : undefined}>{names(change.removed)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <SecretFields needed={preview} typed={secrets} onChange={setSecrets} />
        </Stack>
      )}
    </FormDialog>
  );
}
