import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconColumns, IconPlayerPlay } from '@tabler/icons-react';
import { type ApiColumn, type ApiEndpointDraft, type ApiPreview, type ApiSource, apiSourceCalls } from '@rakit/core';
import { useId, useState } from 'react';
import { firstError } from '../../api/client';
import { Announcement } from '../../components/Announcement';
import { useCurrentApp } from '../../current-app/app-context';
import { useT } from '../../i18n/LanguageProvider';
import { settle } from '../admin-call';
import { cellText, parameterNames } from './endpoint-draft';
import classes from './EndpointPreview.module.css';

interface EndpointPreviewProps {
  source: ApiSource;
  /** The endpoint as the dialog would save it now. */
  draft: ApiEndpointDraft;
  onUseColumns: (columns: ApiColumn[]) => void;
}

/** The contract wants a name; a preview of an endpoint not yet named goes by this one (never stored). */
const UNNAMED = 'preview';

/** The rows' box scrolls past about ten rows, so the dialog's own buttons stay near. */
const PREVIEW_HEIGHT = 360;

/**
 * The endpoint dialog's Preview: sample values for the {{ }} parameters its request names, and
 * the server's call of the endpoint as drafted with them: the API's status, the time it took and
 * the first rows, drawn as text (an API's values are never markup). Its columns can become the
 * endpoint's.
 */
export function EndpointPreview({ source, draft, onUseColumns }: EndpointPreviewProps) {
  const { api } = useCurrentApp();
  const t = useT();
  const headingId = useId();
  const [samples, setSamples] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ preview: ApiPreview } | { error: string } | null>(null);
  /** How many previews were answered: each is said again, even in the same words. */
  const [answered, setAnswered] = useState(0);
  const names = parameterNames(draft, source.headers);

  async function preview() {
    setBusy(true);
    try {
      const params = Object.fromEntries(names.map((name) => [name, samples[name] ?? '']));
      const answer = await settle(api.call(apiSourceCalls.previewApiEndpoint, { body: { sourceId: source.sourceId, endpoint: { ...draft, name: draft.name === '' ? UNNAMED : draft.name }, params } }));
      if (answer === null) setOutcome({ error: t('admin.apis.previewUnreachable') });
      else if (answer.status && answer.data !== undefined) setOutcome({ preview: answer.data });
      else setOutcome({ error: firstError(answer, t('admin.apis.previewFailed')) });
      setAnswered((count) => count + 1);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h5" id={headingId}>{t('admin.apis.preview')}</Title>
      <Text size="sm" c="dimmed" mt={-8}>{t('admin.apis.previewHint')}</Text>
      {names.length > 0 && (
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          {names.map((name) => (
            <TextInput
              key={name}
              label={t('admin.apis.sampleOf', { name })}
              value={samples[name] ?? ''}
              onChange={(event) => {
                const { value } = event.currentTarget;
                setSamples((current) => ({ ...current, [name]: value }));
              }}
            />
          ))}
        </SimpleGrid>
      )}
      <Group>
        <Button variant="light" leftSection={<IconPlayerPlay size={16} />} loading={busy} onClick={() => void preview()}>{t('admin.apis.previewRun')}</Button>
      </Group>
      {outcome !== null && 'error' in outcome && (
        <Alert color="red" variant="light" title={t('admin.apis.previewFailed')} icon={<IconAlertTriangle size={18} />}>{outcome.error}</Alert>
      )}
      {outcome !== null && 'preview' in outcome && <PreviewRows preview={outcome.preview} onUseColumns={onUseColumns} />}
      {/* The rows are drawn below the button; a screen reader hears what came (a failure is an alert of its own). */}
      <Announcement
        message={outcome !== null && 'preview' in outcome ? t('admin.apis.previewSaid', { status: outcome.preview.status, ms: outcome.preview.ms, count: outcome.preview.rowCount }) : ''}
        saidTimes={answered}
      />
    </Stack>
  );
}

function PreviewRows({ preview, onUseColumns }: { preview: ApiPreview; onUseColumns: (columns: ApiColumn[]) => void }) {
  const t = useT();
  const { columns, rows } = preview;
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Badge color={preview.status < 300 ? 'green' : 'red'} variant="light" tt="none">{t('admin.apis.previewStatus', { status: preview.status })}</Badge>
        <Text size="sm">{t('admin.apis.previewSummary', { ms: preview.ms, count: preview.rowCount })}</Text>
        {preview.rowCount > rows.length && <Text size="sm" c="dimmed">{t('admin.apis.previewFirst', { shown: rows.length })}</Text>}
        {preview.total !== null && <Text size="sm" c="dimmed">{t('admin.apis.previewTotal', { total: preview.total })}</Text>}
        {preview.hasNext && <Text size="sm" c="dimmed">{t('admin.apis.previewMore')}</Text>}
      </Group>
      {rows.length === 0 || columns.length === 0 ? (
        <Text size="sm" c="dimmed">{t('admin.apis.previewNoRows')}</Text>
      ) : (
        <Paper withBorder radius="sm">
          {/* Scrolled sideways on a phone: by keys too, so it takes the focus (its cells hold nothing that does). */}
          <Table.ScrollContainer
            type="native" minWidth={Math.min(120 * columns.length, 900)} maxHeight={PREVIEW_HEIGHT}
            tabIndex={0} role="group" aria-label={t('admin.apis.previewCaption')} className={classes.scroller}
          >
            <Table striped withColumnBorders stickyHeader verticalSpacing={4} fz="sm" aria-label={t('admin.apis.previewCaption')}>
              <Table.Thead>
                <Table.Tr>{columns.map((column) => <Table.Th key={column.name}>{column.name}</Table.Th>)}</Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, index) => (
                  // The preview's rows have no key of their own; they are only shown, never edited.
                  <Table.Tr key={index}>{columns.map((column) => <Table.Td key={column.name}>{cellText(row[column.name])}</Table.Td>)}</Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {columns.length > 0 && (
        <Group>
          <Button variant="default" size="xs" leftSection={<IconColumns size={14} />} onClick={() => onUseColumns(columns.map((column) => ({ ...column })))}>
            {t('admin.apis.useColumns')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
