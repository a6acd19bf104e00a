import { Alert, Badge, Button, FileInput, Group, Progress, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconFileTypeCsv, IconInfoCircle, IconUpload } from '@tabler/icons-react';
import { ROOT_APP_SLUG, SCHOOL_FIELDS, SCHOOL_IMPORT_BATCH, type SchoolField, schoolCalls } from '@rakit/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { firstError } from '../../api/client';
import { DataTable } from '../../components/DataTable';
import { QueryStatus } from '../../components/QueryStatus';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useCurrentApp } from '../../current-app/app-context';
import { notifyFailure, notifySuccess } from '../../components/notify';
import { useT } from '../../i18n/LanguageProvider';
import { dataOf, settle } from '../admin-call';
import { FIELD_LABELS, guessMapping, mappedRows, readSchoolFile, type SchoolFile } from './school-file';

const REQUIRED: readonly SchoolField[] = ['npsn', 'name', 'level'];

interface Failure { line: number; npsn: string; reason: string }

/**
 * The root application's school directory (issue 14): the schools the School Search widgets
 * look up. The super administrator imports a CSV file: maps its columns to the fields, sends it
 * in batches (the progress bar), and sees the rows that failed and why; a school imported again
 * replaces the one of its NPSN. The sample schools of the first start are marked until then.
 */
export function SchoolDirectoryScreen() {
  const { app, api } = useCurrentApp();
  const t = useT();
  const queryClient = useQueryClient();
  const isRoot = app.appSlug === ROOT_APP_SLUG;
  const [search, setSearch] = useState('');
  const [file, setFile] = useState<{ name: string; read: SchoolFile } | null>(null);
  const [mapping, setMapping] = useState<Record<SchoolField, number> | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [result, setResult] = useState<{ imported: number; failed: Failure[] } | null>(null);

  const queryKey = ['schools', app.appSlug, search];
  const schools = useQuery({ queryKey, queryFn: async () => dataOf(await api.call(schoolCalls.listSchools, { query: { page: 1, search } }), t('admin.schools.what')), enabled: isRoot });

  async function choose(picked: File | null) {
    setResult(null);
    if (picked === null) { setFile(null); setMapping(null); return; }
    const read = readSchoolFile(await picked.text());
    setFile({ name: picked.name, read });
    setMapping(guessMapping(read.header));
  }

  async function importFile() {
    if (file === null || mapping === null) return;
    const rows = mappedRows(file.read, mapping);
    const failed: Failure[] = [];
    let imported = 0;
    setProgress({ done: 0, total: rows.length });
    try {
      for (let start = 0; start < rows.length; start += SCHOOL_IMPORT_BATCH) {
        const answer = await settle(api.call(schoolCalls.importSchools, { body: { rows: rows.slice(start, start + SCHOOL_IMPORT_BATCH) } }));
        if (answer === null || !answer.status || answer.data === undefined) {
          notifyFailure(answer === null ? t('admin.serverUnreachable') : firstError(answer, t('admin.schools.importRefused')));
          break;
        }
        imported += answer.data.imported;
        failed.push(...answer.data.failed);
        setProgress({ done: Math.min(start + SCHOOL_IMPORT_BATCH, rows.length), total: rows.length });
      }
    } finally {
      setResult({ imported, failed });
      await queryClient.invalidateQueries({ queryKey: ['schools', app.appSlug] });
    }
    if (imported > 0) notifySuccess(t('admin.schools.imported', { count: imported }));
  }

  if (!isRoot) {
    return (
      <>
        <ScreenHeader title={t('admin.schools.title')} />
        <Alert variant="light" icon={<IconInfoCircle size={18} />}>{t('admin.schools.rootOnly')}</Alert>
      </>
    );
  }

  const missing = mapping === null ? [] : REQUIRED.filter((field) => mapping[field] < 0);
  const columnChoices = (file?.read.header ?? []).map((name, index) => ({ value: String(index), label: name === '' ? t('admin.schools.columnNumber', { number: index + 1 }) : name }));
  return (
    <>
      <ScreenHeader title={t('admin.schools.title')} />
      <Text size="sm" c="dimmed" mb="sm">{t('admin.schools.intro')}</Text>
      {(schools.data?.samples ?? 0) > 0 && (
        <Alert variant="light" color="yellow" mb="md" icon={<IconInfoCircle size={18} />} title={t('admin.schools.sampleData')}>
          {t('admin.schools.sampleNotice', { count: schools.data?.samples ?? 0 })}
        </Alert>
      )}

      <Stack gap="sm" mb="lg">
        <Title order={2} size="h4">{t('admin.schools.importTitle')}</Title>
        <FileInput
          label={t('admin.schools.csvFile')} placeholder={t('admin.schools.chooseCsv')} accept=".csv,text/csv" leftSection={<IconFileTypeCsv size={16} />}
          value={null} onChange={(picked) => void choose(picked)} clearable={false} maw={420}
          description={file === null ? t('admin.schools.csvHint') : t('admin.schools.fileRows', { name: file.name, count: file.read.rows.length })}
        />
        {file !== null && mapping !== null && (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
              {SCHOOL_FIELDS.map((field) => (
                <Select
                  key={field}
                  label={t('admin.schools.columnOf', { field: t(FIELD_LABELS[field]) })}
                  withAsterisk={REQUIRED.includes(field)}
                  data={[{ value: '-1', label: t('admin.schools.noColumn') }, ...columnChoices]}
                  value={String(mapping[field])}
                  onChange={(next) => setMapping({ ...mapping, [field]: Number(next ?? '-1') })}
                  allowDeselect={false}
                />
              ))}
            </SimpleGrid>
            {missing.length > 0 && <Text size="sm" c="red">{t('admin.schools.chooseColumns', { fields: missing.map((f) => t(FIELD_LABELS[f])).join(', ') })}</Text>}
            <Group>
              <Button leftSection={<IconUpload size={16} />} disabled={missing.length > 0 || file.read.rows.length === 0} loading={progress !== null && result === null} onClick={() => { setResult(null); void importFile(); }}>
                {t('admin.schools.importRows', { count: file.read.rows.length })}
              </Button>
            </Group>
          </>
        )}
        {progress !== null && (
          <Progress value={progress.total === 0 ? 100 : (progress.done / progress.total) * 100} aria-label={t('admin.schools.importProgress')} size="lg" />
        )}
        {result !== null && (
          <Alert variant="light" color={result.failed.length === 0 ? 'teal' : 'orange'} title={t('admin.schools.result', { imported: result.imported, failed: result.failed.length })}>
            {result.failed.length > 0 && (
              <Table fz="sm" aria-label={t('admin.schools.failedRows')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('admin.schools.colLine')}</Table.Th><Table.Th>{t('admin.schools.colNpsn')}</Table.Th><Table.Th>{t('admin.schools.colWhy')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.failed.slice(0, 200).map((f) => (
                    <Table.Tr key={`${f.line}-${f.npsn}`}><Table.Td>{f.line}</Table.Td><Table.Td>{f.npsn}</Table.Td><Table.Td>{f.reason}</Table.Td></Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            {result.failed.length > 200 && <Text size="sm">{t('admin.schools.more', { count: result.failed.length - 200 })}</Text>}
          </Alert>
        )}
      </Stack>

      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">{schools.data === undefined ? t('admin.schools.directory') : t('admin.schools.directoryTotal', { total: schools.data.total })}</Title>
        <TextInput placeholder={t('admin.schools.searchPlaceholder')} value={search} onChange={(e) => setSearch(e.currentTarget.value)} aria-label={t('admin.schools.search')} w={260} />
      </Group>
      <QueryStatus what={t('admin.schools.what')} isPending={schools.isPending} error={schools.error} />
      {schools.data !== undefined && (
        <DataTable
          columns={[
            t('admin.schools.colNpsn'), t('admin.schools.colName'), t('admin.schools.colLevel'), t('admin.schools.colStatus'),
            t('admin.schools.colAddress'), t('admin.schools.colVillageCode'),
          ]}
          minWidth={800}
          isEmpty={schools.data.rows.length === 0}
          emptyText={t('admin.schools.empty')}
          caption={t('admin.schools.what')}
        >
          {schools.data.rows.map((s) => (
            <Table.Tr key={s.npsn}>
              <Table.Td><Text size="sm">{s.npsn}</Text></Table.Td>
              <Table.Td><Group gap={6} wrap="nowrap"><Text size="sm" fw={600}>{s.sekolahName}</Text>{s.isSample && <Badge size="xs" color="yellow">{t('admin.schools.sample')}</Badge>}</Group></Table.Td>
              <Table.Td><Text size="sm">{s.level}</Text></Table.Td>
              <Table.Td><Text size="sm">{s.status}</Text></Table.Td>
              <Table.Td><Text size="sm">{s.address === '' ? '—' : s.address}</Text></Table.Td>
              <Table.Td><Text size="sm">{s.villageCode === '' ? '—' : s.villageCode}</Text></Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
