import { Alert, Badge, Button, FileInput, Group, Progress, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconFileTypeCsv, IconInfoCircle, IconUpload } from '@tabler/icons-react';
import { ROOT_APP_SLUG, SCHOOL_FIELDS, SCHOOL_IMPORT_BATCH, type SchoolField } from '@rakit/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { firstError } from '../../api/client';
import { DataTable } from '../../components/DataTable';
import { QueryStatus } from '../../components/QueryStatus';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useCurrentApp } from '../../current-app/app-context';
import { notifyFailure, notifySuccess } from '../../components/notify';
import { dataOf, settle } from '../admin-call';
import { FIELD_LABELS, guessMapping, mappedRows, readSchoolFile, type SchoolFile } from './school-file';

const REQUIRED: readonly SchoolField[] = ['npsn', 'name', 'level'];
const COLUMNS = ['NPSN', 'NAME', 'LEVEL', 'STATUS', 'ADDRESS', 'VILLAGE CODE'] as const;

interface Failure { line: number; npsn: string; reason: string }

/**
 * The root application's school directory (issue 14): the schools the School Search widgets
 * look up. The super administrator imports a CSV file: maps its columns to the fields, sends it
 * in batches (the progress bar), and sees the rows that failed and why; a school imported again
 * replaces the one of its NPSN. The sample schools of the first start are marked until then.
 */
export function SchoolDirectoryScreen() {
  const { app, api } = useCurrentApp();
  const queryClient = useQueryClient();
  const isRoot = app.appSlug === ROOT_APP_SLUG;
  const [search, setSearch] = useState('');
  const [file, setFile] = useState<{ name: string; read: SchoolFile } | null>(null);
  const [mapping, setMapping] = useState<Record<SchoolField, number> | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [result, setResult] = useState<{ imported: number; failed: Failure[] } | null>(null);

  const queryKey = ['schools', app.appSlug, search];
  const schools = useQuery({ queryKey, queryFn: async () => dataOf(await api.listSchools(1, search), 'Schools'), enabled: isRoot });

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
        const answer = await settle(api.importSchools(rows.slice(start, start + SCHOOL_IMPORT_BATCH)));
        if (answer === null || !answer.status || answer.data === undefined) {
          notifyFailure(answer === null ? 'The server could not be reached' : firstError(answer, 'The import was refused'));
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
    if (imported > 0) notifySuccess(`${imported} schools imported`);
  }

  if (!isRoot) {
    return (
      <>
        <ScreenHeader title="Schools" />
        <Alert variant="light" icon={<IconInfoCircle size={18} />}>The school directory is kept in the root application only.</Alert>
      </>
    );
  }

  const missing = mapping === null ? [] : REQUIRED.filter((field) => mapping[field] < 0);
  const columnChoices = (file?.read.header ?? []).map((name, index) => ({ value: String(index), label: name === '' ? `Column ${index + 1}` : name }));
  return (
    <>
      <ScreenHeader title="Schools" />
      <Text size="sm" c="dimmed" mb="sm">The schools the School Search widgets of every application look up.</Text>
      {(schools.data?.samples ?? 0) > 0 && (
        <Alert variant="light" color="yellow" mb="md" icon={<IconInfoCircle size={18} />} title="Sample data">
          The {schools.data?.samples} schools marked SAMPLE are invented examples so the widgets can be tried. The first import removes them.
        </Alert>
      )}

      <Stack gap="sm" mb="lg">
        <Title order={2} size="h4">Import a CSV file</Title>
        <FileInput
          label="CSV file" placeholder="Choose a .csv file" accept=".csv,text/csv" leftSection={<IconFileTypeCsv size={16} />}
          value={null} onChange={(picked) => void choose(picked)} clearable={false} maw={420}
          description={file === null ? 'A header row first; a school imported again replaces the one of its NPSN' : `${file.name}: ${file.read.rows.length} rows`}
        />
        {file !== null && mapping !== null && (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
              {SCHOOL_FIELDS.map((field) => (
                <Select
                  key={field}
                  label={`Column of ${FIELD_LABELS[field]}`}
                  withAsterisk={REQUIRED.includes(field)}
                  data={[{ value: '-1', label: '(none)' }, ...columnChoices]}
                  value={String(mapping[field])}
                  onChange={(next) => setMapping({ ...mapping, [field]: Number(next ?? '-1') })}
                  allowDeselect={false}
                />
              ))}
            </SimpleGrid>
            {missing.length > 0 && <Text size="sm" c="red">Choose the column of {missing.map((f) => FIELD_LABELS[f]).join(', ')}.</Text>}
            <Group>
              <Button leftSection={<IconUpload size={16} />} disabled={missing.length > 0 || file.read.rows.length === 0} loading={progress !== null && result === null} onClick={() => { setResult(null); void importFile(); }}>
                Import {file.read.rows.length} rows
              </Button>
            </Group>
          </>
        )}
        {progress !== null && (
          <Progress value={progress.total === 0 ? 100 : (progress.done / progress.total) * 100} aria-label="Import progress" size="lg" />
        )}
        {result !== null && (
          <Alert variant="light" color={result.failed.length === 0 ? 'teal' : 'orange'} title={`${result.imported} imported, ${result.failed.length} failed`}>
            {result.failed.length > 0 && (
              <Table fz="sm" aria-label="Rows that failed">
                <Table.Thead><Table.Tr><Table.Th>LINE</Table.Th><Table.Th>NPSN</Table.Th><Table.Th>WHY</Table.Th></Table.Tr></Table.Thead>
                <Table.Tbody>
                  {result.failed.slice(0, 200).map((f) => (
                    <Table.Tr key={`${f.line}-${f.npsn}`}><Table.Td>{f.line}</Table.Td><Table.Td>{f.npsn}</Table.Td><Table.Td>{f.reason}</Table.Td></Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            {result.failed.length > 200 && <Text size="sm">and {result.failed.length - 200} more.</Text>}
          </Alert>
        )}
      </Stack>

      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">Directory{schools.data === undefined ? '' : ` (${schools.data.total})`}</Title>
        <TextInput placeholder="Search name or NPSN" value={search} onChange={(e) => setSearch(e.currentTarget.value)} aria-label="Search schools" w={260} />
      </Group>
      <QueryStatus what="Schools" isPending={schools.isPending} error={schools.error} />
      {schools.data !== undefined && (
        <DataTable columns={COLUMNS} minWidth={800} isEmpty={schools.data.rows.length === 0} emptyText="No school yet." caption="Schools">
          {schools.data.rows.map((s) => (
            <Table.Tr key={s.npsn}>
              <Table.Td><Text size="sm">{s.npsn}</Text></Table.Td>
              <Table.Td><Group gap={6} wrap="nowrap"><Text size="sm" fw={600}>{s.sekolahName}</Text>{s.isSample && <Badge size="xs" color="yellow">SAMPLE</Badge>}</Group></Table.Td>
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
