import {
  Alert, Badge, Button, Checkbox, Grid, Group, Input, Modal, ScrollArea, Select, Stack, TagsInput, Text, Textarea,
} from '@mantine/core';
import {
  actionDatabase, countPlaceholders, CUSTOM_VALUE, type CustomAction, hasStackedStatements, inferColumns, statementKind, type ValueSource, actionCalls } from '@rakit/core';
import { IconWand } from '@tabler/icons-react';
import { useContext, useState } from 'react';
import { firstError } from '../api/client';
import { CurrentAppContext } from '../current-app/app-context';
import { notifyFailure } from '../components/notify';
import { useT } from '../i18n/LanguageProvider';
import { columnsOf, tablesOf, useActionScope } from './dialog-scope';
import { storedQueryOf } from './stored-query';
import { ValueSourcePicker } from './ValueSourcePicker';

interface CustomQueryDialogProps {
  /** The QUERY action being edited (its name and database are set in the Action Management dialog). */
  action: CustomAction;
  onSave: (stored: Record<string, unknown>) => void;
  onClose: () => void;
  /**
   * 'mapped' (an action's query): each `?` gets a value source. 'none' (a data widget's custom
   * source, whose rows load with nothing to fill a `?`): a `?` is refused here, with the reason.
   */
  parameters?: 'mapped' | 'none';
}

/** The inferred column names, '*' standing for every column of the main table. */
const expandColumns = (names: readonly string[], tableColumns: readonly string[]): string[] =>
  [...new Set(names.flatMap((name) => (name === '*' ? tableColumns : [name])))];

/** The query text's example: SQL, written the same in every catalog. */
const QUERY_EXAMPLE = 'SELECT id, name FROM customers WHERE city = ?';

const blankMapping = (): ValueSource => ({ source: CUSTOM_VALUE, custom: '' });

/** The first table of the connection the query names after FROM, INTO, UPDATE or JOIN. */
function namedTable(query: string, tableNames: readonly string[]): string | undefined {
  for (const match of query.matchAll(/\b(?:FROM|INTO|UPDATE|JOIN)\s+[`"[]?([\w$]+)/gi)) {
    const found = tableNames.find((name) => name.toLowerCase() === match[1]?.toLowerCase());
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The Custom Query dialog (spec 2 §2, §5): the query text and its main table, the columns it
 * answers with (parsed as it is typed, or on 'Generate' when auto parsing is off), the main
 * table's accessible columns, and one value source per `?`. Saving stores the query on the
 * connection (saveQuery, against this page) so it is listed among the stored queries.
 */
export function CustomQueryDialog({ action, onSave, onClose, parameters = 'mapped' }: CustomQueryDialogProps) {
  const t = useT();
  const current = useContext(CurrentAppContext);
  const { databases, pageId } = useActionScope();
  const initial = storedQueryOf(action);
  const database = actionDatabase(action);
  const tables = tablesOf(databases, database);
  const [query, setQuery] = useState(initial.query);
  const [table, setTable] = useState(initial.table);
  const [autoParse, setAutoParse] = useState(true);
  const [manualColumns, setManualColumns] = useState(initial.columns);
  const [params, setParams] = useState<ValueSource[]>(initial.params);
  const [busy, setBusy] = useState(false);

  const tableColumns = columnsOf(tables, table);
  const columns = autoParse ? expandColumns(inferColumns(query), tableColumns) : manualColumns;
  const count = countPlaceholders(query);
  const mappings = Array.from({ length: count }, (_, i) => params[i] ?? blankMapping());
  const kind = query.trim() === '' ? null : statementKind(query);
  const refusedParameters = parameters === 'none' && count > 0;

  /** Finds the main table (when none is chosen) and the result columns from the query. */
  function generate() {
    const main = table === '' ? namedTable(query, tables.map((each) => each.table_name)) ?? '' : table;
    setTable(main);
    setManualColumns(expandColumns(inferColumns(query), columnsOf(tables, main)));
  }

  async function save() {
    if (query.trim() === '') return notifyFailure(t('actionQueryRequired'));
    if (hasStackedStatements(query)) return notifyFailure(t('actions.customQuery.oneStatement'));
    if (database === null) return notifyFailure(t('actionDatabaseRequired'));
    if (refusedParameters) return undefined;
    const stored = { ...action.stored, database, query, params: mappings, table, columns, availableColumn: tableColumns, id: initial.id, pageId };
    setBusy(true);
    try {
      stored.id = await storeQuery(database, stored.id) ?? stored.id;
    } finally {
      setBusy(false);
    }
    onSave(stored);
  }

  /** saveQuery; a stored id of another connection is stored anew. The new id, or null when it failed. */
  async function storeQuery(dbId: number, actionId: number | null): Promise<number | null> {
    if (current === null) return null;
    const body = { actionDbId: dbId, actionPageId: pageId ?? 0, actionName: action.name.trim() === '' ? 'Custom Query' : action.name.trim(), actionSQLQuery: query };
    try {
      let answer = await current.api.call(actionCalls.saveQuery, { body: { ...body, actionId, actionSlug: '', actionFormat: '' } });
      if (!answer.status && actionId !== null) answer = await current.api.call(actionCalls.saveQuery, { body: { ...body, actionId: null, actionSlug: '', actionFormat: '' } });
      if (answer.status) return answer.data?.actionId ?? null;
      notifyFailure(t('actions.customQuery.notStored', { reason: firstError(answer, t('actions.customQuery.unknownError')) }));
    } catch (error) {
      console.error(error);
      notifyFailure(t('actions.customQuery.notStoredSilent'));
    }
    return null;
  }

  return (
    <Modal opened onClose={onClose} title={t('actions.customQuery.title')} size={880} centered>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <Stack gap="sm">
            <Textarea
              label={t('actions.customQuery.query')}
              description={kind === null ? t('actions.customQuery.queryHelp') : t('actions.customQuery.queryKind', { kind, count })}
              placeholder={QUERY_EXAMPLE}
              autosize
              minRows={8}
              maxRows={18}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              value={query}
              onChange={(event) => setQuery(event.currentTarget.value)}
              data-autofocus
            />
            <Select
              label={t('actions.customQuery.mainTable')}
              placeholder={t('actions.customQuery.mainTableHelp')}
              data={tables.map((each) => each.table_name)}
              value={table === '' ? null : table}
              onChange={(next) => setTable(next ?? '')}
              searchable
              clearable
            />
            <Group justify="space-between">
              <Button variant="light" leftSection={<IconWand size={16} />} onClick={generate}>
                {t('actions.customQuery.generate')}
              </Button>
              <Checkbox
                label={t('actions.customQuery.autoParseOff')}
                checked={!autoParse}
                onChange={(event) => {
                  if (event.currentTarget.checked) setManualColumns(columns);
                  setAutoParse(!event.currentTarget.checked);
                }}
              />
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <Stack gap="sm">
            <Stack gap={4}>
              <Input.Label>{t('actions.customQuery.tableColumns')}</Input.Label>
              {tableColumns.length === 0 ? <Text size="xs" c="dimmed">{t('actions.customQuery.tableColumnsNone')}</Text> : (
                <Group gap={4}>{tableColumns.map((c) => <Badge key={c} variant="light" color="gray" tt="none">{c}</Badge>)}</Group>
              )}
            </Stack>
            {autoParse ? (
              <Stack gap={4}>
                <Input.Label>{t('actions.customQuery.resultColumns')}</Input.Label>
                {columns.length === 0 ? <Text size="xs" c="dimmed">{t('actions.customQuery.resultColumnsNone')}</Text> : (
                  <Group gap={4}>{columns.map((c) => <Badge key={c} variant="light" tt="none">{c}</Badge>)}</Group>
                )}
              </Stack>
            ) : (
              <TagsInput label={t('actions.customQuery.resultColumns')} description={t('actions.customQuery.resultColumnsHelp')} value={manualColumns} onChange={setManualColumns} />
            )}
            <Stack gap={6}>
              <Input.Label>{t('actions.customQuery.parameters')}</Input.Label>
              {parameters === 'none' ? <NoParameters refused={refusedParameters} /> : count === 0 ? <Text size="xs" c="dimmed">{t('actions.customQuery.parametersNone')}</Text> : (
                <ScrollArea.Autosize mah={260} type="auto">
                  <Stack gap={6}>
                    {mappings.map((mapping, index) => (
                      // One mapping per ?, by position.
                      <Group key={index} gap={6} wrap="nowrap">
                        <Text size="xs" w={28} c="dimmed">?{index + 1}</Text>
                        <ValueSourcePicker
                          value={mapping}
                          name={t('actions.customQuery.parameter', { position: index + 1 })}
                          onChange={(next) => setParams(mappings.with(index, next).concat(params.slice(count)))}
                        />
                      </Group>
                    ))}
                  </Stack>
                </ScrollArea.Autosize>
              )}
            </Stack>
          </Stack>
        </Grid.Col>
      </Grid>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={busy}>{t('actions.customQuery.cancel')}</Button>
        <Button onClick={() => void save()} loading={busy} disabled={refusedParameters}>{t('actions.customQuery.save')}</Button>
      </Group>
    </Modal>
  );
}

/** Where the query's rows load with no values to fill a `?`: says what may be used instead, and refuses a `?`. */
function NoParameters({ refused }: { refused: boolean }) {
  const t = useT();
  if (!refused) {
    return <Text size="xs" c="dimmed">{t('actions.customQuery.noParameters')}</Text>;
  }
  return (
    <Alert color="red" variant="light" p="xs" role="alert" title={t('actions.customQuery.refused')}>
      <Text size="xs">{t('actions.customQuery.refusedDetail', { reason: t('widgetQueryParameters') })}</Text>
    </Alert>
  );
}
