import { Alert, Checkbox, FileInput, PasswordInput, SegmentedControl, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { type Application, type BundlePreview, isBuiltInApp, MAX_BUNDLE_BYTES, slugify } from '@rakit/core';
import { useState } from 'react';
import { ApiUnreachableError, firstError, type ImportBundleInput } from '../../api/client';
import { FormDialog } from '../../components/FormDialog';
import { useCurrentApp } from '../../current-app/app-context';
import { notifyFailure, notifySuccess } from '../../components/notify';

interface ImportAppDialogProps {
  /** The applications the user may import over (the server checks he administers the one chosen). */
  apps: readonly Application[];
  onClose: () => void;
  onImported: () => void;
}

/** What each kind of the preview is called on screen. */
const KIND_LABELS: Record<string, string> = {
  pages: 'Pages', menus: 'Menus', groups: 'Groups', connections: 'Connections', queries: 'Stored queries', functions: 'Functions',
  triggers: 'Triggers', workflows: 'Workflows', printTemplates: 'Print templates', pdfTemplates: 'Extraction templates',
};

/** The names of one column of the preview, or a dash. */
const names = (list: readonly string[]) => (list.length === 0 ? '—' : list.join(', '));

/** A bundle file as JSON, or the reason it is not one. */
async function readBundleFile(file: File): Promise<{ ok: true; bundle: unknown } | { ok: false; error: string }> {
  if (file.size > MAX_BUNDLE_BYTES) return { ok: false, error: `The file is larger than ${MAX_BUNDLE_BYTES / 1024 / 1024} MB` };
  try {
    return { ok: true, bundle: JSON.parse(await file.text()) };
  } catch {
    return { ok: false, error: 'The file is not a Rakit bundle (not JSON)' };
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
  const [file, setFile] = useState<File | null>(null);
  const [bundle, setBundle] = useState<unknown>(undefined);
  const [fileError, setFileError] = useState<string | null>(null);
  const [kind, setKind] = useState<'new' | 'replace'>('new');
  const [appName, setAppName] = useState('');
  const [appSlug, setAppSlug] = useState('');
  const [replaceId, setReplaceId] = useState<string | null>(null);
  const [withUsers, setWithUsers] = useState(false);
  const [passwords, setPasswords] = useState<Record<string, string>>({});
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
    if (appName === '') setAppName(`${bundleAppName(read.bundle)} copy`.trim());
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
      return { bundle, target: { kind: 'new', appName: appName.trim(), ...(slug === '' ? {} : { appSlug: slug }) }, passwords, withUsers };
    }
    return replaceId === null ? null : { bundle, target: { kind: 'replace', appId: Number(replaceId) }, passwords, withUsers };
  }

  async function submit() {
    const input = body();
    if (input === null) {
      notifyFailure(bundle === undefined ? 'Choose a bundle file' : 'Choose the application to replace');
      return;
    }
    if (input.target.kind === 'new' && input.target.appName === '') {
      notifyFailure('Name the new application');
      return;
    }
    try {
      if (preview === null) {
        const answer = await api.previewImport(input);
        if (answer.status && answer.data !== undefined) setPreview(answer.data);
        else notifyFailure(firstError(answer, 'The bundle could not be read'));
        return;
      }
      const answer = await api.importApp(input);
      if (!answer.status || answer.data === undefined) {
        notifyFailure([firstError(answer, 'The bundle could not be imported'), ...(answer.error?.slice(1) ?? [])].join(': '));
        return;
      }
      notifySuccess(`Application imported: /${answer.data.appSlug}`);
      for (const workflow of answer.data.unpublished) notifyFailure(`Workflow ${workflow.name} was not published: ${workflow.problems.join('; ')}`);
      onImported();
    } catch (error) {
      if (!(error instanceof ApiUnreachableError)) throw error;
      console.error(error);
      notifyFailure('The server could not be reached');
    }
  }

  return (
    <FormDialog title="Import Application" onSubmit={submit} onClose={onClose} size="lg" submitLabel={preview === null ? 'Preview' : 'Import'}>
      <FileInput
        label="Bundle file"
        placeholder="application.rakit.json"
        accept="application/json,.json"
        leftSection={<IconFileImport size={16} />}
        value={file}
        onChange={(chosen) => void choose(chosen)}
        error={fileError}
        clearable
        data-autofocus
      />
      <SegmentedControl
        value={kind}
        onChange={retarget((value: string) => setKind(value === 'replace' ? 'replace' : 'new'))}
        data={[{ value: 'new', label: 'As a new application' }, { value: 'replace', label: 'Over an existing one' }]}
        disabled={kind === 'new' && replaceable.length === 0}
      />
      {kind === 'new'
        ? (
          <>
            <TextInput label="New application's name" value={appName} onChange={(event) => retarget(setAppName)(event.currentTarget.value)} />
            <TextInput
              label="Address (slug)"
              description="Optional: made from the name when empty"
              placeholder={slugify(appName)}
              value={appSlug}
              onChange={(event) => retarget(setAppSlug)(event.currentTarget.value)}
            />
          </>
        )
        : (
          <Select
            label="Application to replace"
            placeholder="Choose an application"
            data={replaceable.map((app) => ({ value: String(app.appId), label: `${app.appName} (/${app.appSlug})` }))}
            value={replaceId}
            onChange={retarget(setReplaceId)}
          />
        )}
      <Checkbox label="Bring the bundle's users (their ids; an administrator sets their passwords)" checked={withUsers} onChange={(event) => retarget(setWithUsers)(event.currentTarget.checked)} />

      {preview !== null && (
        <Stack gap="xs" data-testid="import-preview">
          <Text size="sm" fw={600}>What the import will do to {preview.appName}</Text>
          {kind === 'replace' && (
            <Alert color="orange" p="xs">Everything the bundle does not hold is removed from the application; its groups keep their members.</Alert>
          )}
          <Table.ScrollContainer minWidth={420}>
            <Table withTableBorder striped fz="xs">
              <Table.Thead>
                <Table.Tr><Table.Th>Kind</Table.Th><Table.Th>Added</Table.Th><Table.Th>Changed</Table.Th><Table.Th>Removed</Table.Th></Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.changes.filter((c) => c.added.length + c.changed.length + c.removed.length > 0).map((change) => (
                  <Table.Tr key={change.kind}>
                    <Table.Td>{KIND_LABELS[change.kind] ?? change.kind}</Table.Td>
                    <Table.Td>{names(change.added)}</Table.Td>
                    <Table.Td>{names(change.changed)}</Table.Td>
                    <Table.Td c={change.removed.length > 0 ? 'red' : undefined}>{names(change.removed)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {preview.connections.filter((c) => c.needsPassword).map((connection) => (
            <PasswordInput
              key={connection.id}
              label={`Password of ${connection.dbType} ${connection.dbUser}@${connection.dbHost}:${connection.dbPort}/${connection.dbDatabase}`}
              value={passwords[String(connection.id)] ?? ''}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setPasswords((current) => ({ ...current, [String(connection.id)]: value }));
              }}
            />
          ))}
        </Stack>
      )}
    </FormDialog>
  );
}
