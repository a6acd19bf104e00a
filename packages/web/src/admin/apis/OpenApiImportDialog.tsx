import { Alert, Badge, Button, Checkbox, FileInput, Group, List, Modal, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconFileImport, IconFileSearch } from '@tabler/icons-react';
import { type ApiSourceWithEndpoints, MAX_API_ENDPOINTS, MAX_OPENAPI_BYTES, type OpenApiOperation, type OpenApiRead, apiSourceCalls } from '@rakit/core';
import { useId, useState } from 'react';
import { firstError } from '../../api/client';
import { Announcement } from '../../components/Announcement';
import { useCurrentApp } from '../../current-app/app-context';
import { useT } from '../../i18n/LanguageProvider';
import { settle } from '../admin-call';
import { isTaken, MAX_OPENAPI_MB, megabytes, nameKey, tooLarge, uniqueName } from './openapi-import';

interface OpenApiImportDialogProps {
  /** The API the endpoints are added to, as the list holds it now (its endpoints refreshed after each addition). */
  source: ApiSourceWithEndpoints;
  onClose: () => void;
  /** Endpoints were added: the list is read again. */
  onAdded: () => Promise<unknown>;
}

/** The file field's example (a technical token, in no catalog). */
const FILE_EXAMPLE = 'openapi.yaml';
const ACCEPTED_FILES = '.json,.yaml,.yml,application/json,application/yaml,application/x-yaml,text/yaml';

/** How the last addition went: how many were added, and those the server refused, with its reason. */
interface Outcome {
  added: number;
  failed: { name: string; why: string }[];
}

/**
 * Import from OpenAPI (issue 40): an OpenAPI 3 document, chosen as a file (read here, never over
 * 2 MB) or pasted, is read by the server into operations with the endpoint each would make;
 * the administrator checks those to add (those already endpoints of the API are marked and left
 * unchecked) and they are saved one by one, each under a name free among the API's endpoints.
 */
export function OpenApiImportDialog({ source, onClose, onAdded }: OpenApiImportDialogProps) {
  const { api } = useCurrentApp();
  const t = useT();
  const headingId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [reading, setReading] = useState(false);
  const [readError, setReadError] = useState<string | null>(null);
  const [read, setRead] = useState<OpenApiRead | null>(null);
  /** How many reads were answered: each is said again, even in the same words. */
  const [readTimes, setReadTimes] = useState(0);
  /** The chosen operations, by their place in the document (as Checkbox.Group's values). */
  const [chosen, setChosen] = useState<string[]>([]);
  const [adding, setAdding] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  /** Names added by this dialog, taken even before the list is read again. */
  const [addedNames, setAddedNames] = useState<string[]>([]);

  const taken = new Set([...source.endpoints.map((endpoint) => endpoint.name), ...addedNames].map(nameKey));
  const operations = read?.operations ?? [];
  const fresh = operations.flatMap((operation, index) => (isTaken(operation, taken) ? [] : [String(index)]));
  const room = Math.max(0, MAX_API_ENDPOINTS - source.endpoints.length);
  const overLimit = chosen.length > room;

  function forget() {
    setRead(null);
    setChosen([]);
    setOutcome(null);
    setReadError(null);
  }

  async function chooseFile(picked: File | null) {
    setFile(picked);
    setFileError(null);
    if (picked === null) return;
    if (picked.size > MAX_OPENAPI_BYTES) {
      setFileError(t('admin.apis.importFileTooLarge', { name: picked.name, size: megabytes(picked.size), mb: MAX_OPENAPI_MB }));
      return;
    }
    forget();
    setText(await picked.text());
  }

  async function readDocument() {
    forget();
    if (tooLarge(text)) {
      setReadError(t('admin.apis.importTextTooLarge', { mb: MAX_OPENAPI_MB }));
      return;
    }
    setReading(true);
    try {
      const answer = await settle(api.call(apiSourceCalls.readOpenApi, { body: { sourceId: source.sourceId, document: text } }));
      if (answer === null) setReadError(t('admin.serverUnreachable'));
      else if (answer.status && answer.data !== undefined) {
        setRead(answer.data);
        setReadTimes((times) => times + 1);
      } else setReadError(firstError(answer, t('admin.apis.importReadFailed')));
    } finally {
      setReading(false);
    }
  }

  async function addChosen() {
    if (chosen.length === 0 || overLimit) return;
    setAdding(true);
    setOutcome(null);
    const names = new Set(taken);
    const added: string[] = [];
    const failed: Outcome['failed'] = [];
    const refused: string[] = [];
    try {
      // One at a time, in the document's order: each name is free of those added before it, and the API's limit counts each.
      for (const index of [...chosen].sort((a, b) => Number(a) - Number(b))) {
        const operation = operations[Number(index)];
        if (operation === undefined) continue;
        const name = uniqueName(operation.draft.name, names);
        const answer = await settle(api.call(apiSourceCalls.saveApiEndpoint, { body: { ...operation.draft, name, endpointId: null, sourceId: source.sourceId } }));
        if (answer?.status === true) {
          names.add(nameKey(name));
          added.push(name);
        } else {
          failed.push({ name, why: answer === null ? t('admin.serverUnreachable') : firstError(answer, t('admin.apis.endpointSaveFailed')) });
          refused.push(index);
        }
      }
    } finally {
      setAddedNames((current) => [...current, ...added]);
      setOutcome({ added: added.length, failed });
      // The refused stay checked, to be tried again; the added are now marked as endpoints.
      setChosen(refused);
      setAdding(false);
    }
    if (added.length > 0) await onAdded();
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('admin.apis.importOpenApiInto', { name: source.name })}
      centered
      size="xl"
      closeOnEscape={!adding}
      closeOnClickOutside={!adding}
    >
      <Stack>
        <Text size="sm" c="dimmed">{t('admin.apis.importIntro', { mb: MAX_OPENAPI_MB })}</Text>
        <FileInput
          label={t('admin.apis.importFile')}
          description={t('admin.apis.importFileHint')}
          placeholder={FILE_EXAMPLE}
          accept={ACCEPTED_FILES}
          leftSection={<IconFileImport size={16} />}
          value={file}
          onChange={(picked) => void chooseFile(picked)}
          error={fileError}
          data-autofocus
        />
        <Textarea
          label={t('admin.apis.importDocument')}
          description={t('admin.apis.importDocumentHint')}
          autosize
          minRows={4}
          maxRows={12}
          spellCheck={false}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 'var(--mantine-font-size-xs)' } }}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            if (read !== null) forget();
          }}
        />
        <Group>
          <Button variant="light" leftSection={<IconFileSearch size={16} />} loading={reading} disabled={text.trim() === '' || adding} onClick={() => void readDocument()}>
            {t('admin.apis.importRead')}
          </Button>
        </Group>
        {readError !== null && (
          <Alert color="red" variant="light" title={t('admin.apis.importReadFailed')} icon={<IconAlertTriangle size={18} />}>{readError}</Alert>
        )}
        <Announcement
          message={read === null ? '' : t('admin.apis.importOperations', { title: read.title, version: read.version, count: read.operations.length })}
          saidTimes={readTimes}
        />

        {read !== null && (
          <Stack gap="xs" component="section" aria-labelledby={headingId}>
            <Title order={3} size="h5" id={headingId} style={{ overflowWrap: 'anywhere' }}>
              {t('admin.apis.importOperations', { title: read.title, version: read.version, count: read.operations.length })}
            </Title>
            {operations.length === 0 ? (
              <Text size="sm" c="dimmed">{t('admin.apis.importNoOperations')}</Text>
            ) : (
              <>
                {fresh.length < operations.length && <Text size="sm" c="dimmed">{t('admin.apis.importExistingHint')}</Text>}
                <Checkbox
                  label={t('admin.apis.importSelectAll')}
                  checked={fresh.length > 0 && fresh.every((index) => chosen.includes(index))}
                  indeterminate={chosen.length > 0 && !fresh.every((index) => chosen.includes(index))}
                  disabled={fresh.length === 0 || adding}
                  onChange={(event) => setChosen(event.currentTarget.checked ? fresh : [])}
                />
                <Checkbox.Group label={t('admin.apis.importOperationsLabel')} value={chosen} onChange={setChosen} readOnly={adding}>
                  <Paper withBorder radius="sm" p="sm" mt={4} mah={420} style={{ overflowY: 'auto' }}>
                    <Stack gap="sm">
                      {operations.map((operation, index) => (
                        <OperationChoice key={`${operation.method} ${operation.path} ${String(index)}`} operation={operation} value={String(index)} taken={isTaken(operation, taken)} />
                      ))}
                    </Stack>
                  </Paper>
                </Checkbox.Group>
              </>
            )}
          </Stack>
        )}

        {overLimit && (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
            {t('admin.apis.importOverLimit', { room, max: MAX_API_ENDPOINTS })}
          </Alert>
        )}
        {outcome !== null && outcome.added > 0 && (
          <Alert color="green" variant="light" icon={<IconCheck size={18} />} title={t('admin.apis.importAdded', { count: outcome.added })} />
        )}
        {outcome !== null && outcome.failed.length > 0 && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={t('admin.apis.importNotAdded', { count: outcome.failed.length })}>
            <List size="sm" spacing={4}>
              {outcome.failed.map((failure) => (
                <List.Item key={failure.name} style={{ overflowWrap: 'anywhere' }}><Text span size="sm" fw={600}>{failure.name}</Text>: {failure.why}</List.Item>
              ))}
            </List>
          </Alert>
        )}

        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose} disabled={adding}>{addedNames.length > 0 ? t('admin.apis.importDone') : t('shell.dialog.cancel')}</Button>
          {read !== null && operations.length > 0 && (
            <Button onClick={() => void addChosen()} loading={adding} disabled={chosen.length === 0 || overLimit}>
              {t('admin.apis.importAdd', { count: chosen.length })}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

/** One operation to check: its method and path, then its summary, the endpoint's name and its parameters; marked when already an endpoint. */
function OperationChoice({ operation, value, taken }: { operation: OpenApiOperation; value: string; taken: boolean }) {
  const t = useT();
  const parameters = operation.parameters.map((parameter) => (parameter.required
    ? t('admin.apis.importParamRequired', { name: parameter.name, place: parameter.in })
    : t('admin.apis.importParam', { name: parameter.name, place: parameter.in })));
  return (
    <Checkbox
      value={value}
      aria-label={`${operation.method} ${operation.path}`}
      styles={{ body: { alignItems: 'flex-start' }, labelWrapper: { minWidth: 0 } }}
      label={(
        <Group gap="xs" wrap="nowrap" align="baseline">
          <Badge variant="outline" tt="none" size="sm" style={{ flexShrink: 0 }}>{operation.method}</Badge>
          <Text span size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>{operation.path}</Text>
        </Group>
      )}
      description={(
        <Stack gap={2} component="span">
          {taken && <Badge component="span" color="orange" variant="light" tt="none" size="sm">{t('admin.apis.importExisting')}</Badge>}
          {operation.summary !== '' && <Text span size="sm" c="dark" style={{ overflowWrap: 'anywhere' }}>{operation.summary}</Text>}
          <Text span size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{t('admin.apis.importEndpointName', { name: operation.draft.name })}</Text>
          {parameters.length > 0 && <Text span size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{t('admin.apis.importParams', { list: parameters.join(', ') })}</Text>}
        </Stack>
      )}
    />
  );
}
