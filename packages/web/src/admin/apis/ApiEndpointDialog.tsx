import { Alert, Divider, Grid, NumberInput, Select, SimpleGrid, Textarea, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  API_COLUMN_TYPES, API_METHODS, API_PAGING_SCHEMES, type ApiColumn, ApiColumnTypeSchema, type ApiEndpoint, type ApiEndpointDraft, ApiMethodSchema,
  type ApiPaging, ApiPagingSchemeSchema, type ApiSource, type SaveApiEndpointBody, apiSourceCalls } from '@rakit/core';
import { useState } from 'react';
import { RowList } from '../../actions/RowList';
import { firstError } from '../../api/client';
import { FormDialog } from '../../components/FormDialog';
import { notifyFailure, notifySuccess } from '../../components/notify';
import { useCurrentApp } from '../../current-app/app-context';
import { useStaleWrite } from '../../current-app/use-stale-write';
import { useT } from '../../i18n/LanguageProvider';
import { COLUMN_TYPE_LABELS, PAGING_LABELS } from './api-labels';
import { draftOf, newEndpointDraft, PAGING_FIELDS, sentDraft } from './endpoint-draft';
import { EndpointPreview } from './EndpointPreview';
import { FilterParamRows } from './FilterParamRows';
import { NameValueRows } from './NameValueRows';

interface ApiEndpointDialogProps {
  /** The API the endpoint belongs to. */
  source: ApiSource;
  /** The endpoint to edit, or null to add one. */
  editing: ApiEndpoint | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Examples (technical text, written the same in every catalog). */
const PARAMETER_EXAMPLE = '{{ name }}';
const PATH_EXAMPLE = '/orders/{{ orderId }}';
const BODY_EXAMPLE = '{ "status": "{{ status }}" }';
const ROWS_EXAMPLE = 'data.items';
const NEXT_CURSOR_EXAMPLE = 'meta.next';
const TOTAL_EXAMPLE = 'meta.total';

const blankColumn = (): ApiColumn => ({ name: '', path: '', type: 'text' });

/**
 * Add or edit an endpoint of an API (issue 40): its request (method, path, query, headers and a
 * body, with {{ }} parameters), where its rows are in the answer, how it pages, and its columns;
 * the Preview calls it as drafted.
 */
export function ApiEndpointDialog({ source, editing, onClose, onSaved }: ApiEndpointDialogProps) {
  const { api } = useCurrentApp();
  const t = useT();
  const [draft, setDraft] = useState<ApiEndpointDraft>(() => (editing === null ? newEndpointDraft() : draftOf(editing)));
  /** Seconds, '' while the field is empty (sent as 0). */
  const [cacheS, setCacheS] = useState<number | ''>(editing?.cacheS ?? 0);
  const [problem, setProblem] = useState<string | null>(null);
  const staleWrite = useStaleWrite<ApiEndpointDraft>(t('admin.apis.endpointStaleWhat'), {
    name: t('admin.apis.name'), method: t('admin.apis.method'), path: t('admin.apis.path'), query: t('admin.apis.query'), headers: t('admin.apis.endpointHeaders'),
    body: t('admin.apis.body'), rowsPath: t('admin.apis.rowsPath'), columns: t('admin.apis.columns'), paging: t('admin.apis.paging'),
    searchParam: t('admin.apis.searchParam'), filterParams: t('admin.apis.filters'), cacheS: t('admin.apis.cacheS'),
  });
  const set = (changes: Partial<ApiEndpointDraft>) => setDraft((current) => ({ ...current, ...changes }));
  const setPaging = (changes: Partial<ApiPaging>) => setDraft((current) => ({ ...current, paging: { ...current.paging, ...changes } }));
  const sent = sentDraft({ ...draft, cacheS: cacheS === '' ? 0 : cacheS });
  const pagingFields = PAGING_FIELDS[draft.paging.scheme];

  async function save() {
    const body: SaveApiEndpointBody = { ...sent, endpointId: editing?.endpointId ?? null, sourceId: source.sourceId };
    setProblem(null);
    const answer = await staleWrite.saveForm({ editing, body, send: (written) => api.call(apiSourceCalls.saveApiEndpoint, { body: written }) });
    if (answer === 'theirs') {
      onSaved();
      return;
    }
    if (answer === null) return;
    if (answer.status) {
      notifySuccess(t('admin.apis.endpointSaved'));
      onSaved();
    } else {
      const why = firstError(answer, t('admin.apis.endpointSaveFailed'));
      notifyFailure(why);
      setProblem(why);
    }
  }

  const pagingInput = (field: 'pageParam' | 'sizeParam' | 'offsetParam' | 'limitParam' | 'cursorParam', label: string) => (
    <TextInput key={field} label={label} value={draft.paging[field]} onChange={(event) => setPaging({ [field]: event.currentTarget.value })} autoComplete="off" />
  );

  return (
    <FormDialog title={editing === null ? t('admin.apis.addEndpointTo', { name: source.name }) : t('admin.apis.editEndpointTitle', { name: source.name })} onSubmit={save} onClose={onClose} size="xl">
      {staleWrite.dialog}
      {problem !== null && (
        <Alert color="red" variant="light" title={t('admin.apis.endpointSaveFailed')} icon={<IconAlertTriangle size={18} />}>{problem}</Alert>
      )}
      <TextInput label={t('admin.apis.name')} value={draft.name} onChange={(event) => set({ name: event.currentTarget.value })} data-autofocus />
      <Grid>
        <Grid.Col span={{ base: 12, xs: 3 }}>
          <Select
            label={t('admin.apis.method')}
            data={[...API_METHODS]}
            value={draft.method}
            onChange={(value) => {
              const parsed = ApiMethodSchema.safeParse(value);
              if (parsed.success) set({ method: parsed.data });
            }}
            allowDeselect={false}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 9 }}>
          <TextInput
            label={t('admin.apis.path')}
            description={t('admin.apis.pathHint', { baseUrl: source.baseUrl, example: PARAMETER_EXAMPLE })}
            placeholder={PATH_EXAMPLE}
            value={draft.path}
            onChange={(event) => set({ path: event.currentTarget.value })}
            autoComplete="off"
          />
        </Grid.Col>
      </Grid>
      <NameValueRows
        label={t('admin.apis.query')}
        rowName={t('admin.apis.queryParam')}
        rows={draft.query}
        onChange={(query) => set({ query })}
        addLabel={t('admin.apis.addQueryParam')}
        emptyText={t('admin.apis.queryNone')}
      />
      <NameValueRows
        label={t('admin.apis.endpointHeaders')}
        description={t('admin.apis.endpointHeadersHint')}
        rowName={t('admin.apis.header')}
        rows={draft.headers}
        onChange={(headers) => set({ headers })}
        addLabel={t('admin.apis.addHeader')}
        emptyText={t('admin.apis.headersNone')}
      />
      {draft.method !== 'GET' && (
        <Textarea
          label={t('admin.apis.body')}
          description={t('admin.apis.bodyHint', { example: PARAMETER_EXAMPLE })}
          placeholder={BODY_EXAMPLE}
          autosize
          minRows={3}
          maxRows={10}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          value={draft.body}
          onChange={(event) => set({ body: event.currentTarget.value })}
        />
      )}

      <Divider />
      <Title order={3} size="h5">{t('admin.apis.rowsSection')}</Title>
      <TextInput
        label={t('admin.apis.rowsPath')}
        description={t('admin.apis.rowsPathHint')}
        placeholder={ROWS_EXAMPLE}
        value={draft.rowsPath}
        onChange={(event) => set({ rowsPath: event.currentTarget.value })}
        autoComplete="off"
      />
      <Select
        label={t('admin.apis.paging')}
        data={API_PAGING_SCHEMES.map((scheme) => ({ value: scheme, label: t(PAGING_LABELS[scheme]) }))}
        value={draft.paging.scheme}
        onChange={(value) => {
          const parsed = ApiPagingSchemeSchema.safeParse(value);
          if (parsed.success) setPaging({ scheme: parsed.data });
        }}
        allowDeselect={false}
      />
      {pagingFields.length > 0 && (
        <SimpleGrid cols={{ base: 1, xs: pagingFields.length }}>
          {pagingFields.map((field) => {
            switch (field) {
              case 'pageParam': return pagingInput(field, t('admin.apis.pageParam'));
              case 'sizeParam': return pagingInput(field, t('admin.apis.sizeParam'));
              case 'offsetParam': return pagingInput(field, t('admin.apis.offsetParam'));
              case 'limitParam': return pagingInput(field, t('admin.apis.limitParam'));
              case 'cursorParam': return pagingInput(field, t('admin.apis.cursorParam'));
              case 'firstPage':
                return (
                  <Select
                    key={field}
                    label={t('admin.apis.firstPage')}
                    data={['0', '1']}
                    value={String(draft.paging.firstPage)}
                    onChange={(value) => setPaging({ firstPage: value === '0' ? 0 : 1 })}
                    allowDeselect={false}
                  />
                );
              case 'nextCursorPath':
                return (
                  <TextInput
                    key={field}
                    label={t('admin.apis.nextCursorPath')}
                    placeholder={NEXT_CURSOR_EXAMPLE}
                    value={draft.paging.nextCursorPath}
                    onChange={(event) => setPaging({ nextCursorPath: event.currentTarget.value })}
                    autoComplete="off"
                  />
                );
              default: return null;
            }
          })}
        </SimpleGrid>
      )}
      <TextInput
        label={t('admin.apis.totalPath')}
        description={t('admin.apis.totalPathHint')}
        placeholder={TOTAL_EXAMPLE}
        value={draft.paging.totalPath}
        onChange={(event) => setPaging({ totalPath: event.currentTarget.value })}
        autoComplete="off"
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput
          label={t('admin.apis.searchParam')}
          description={t('admin.apis.searchParamHint')}
          value={draft.searchParam}
          onChange={(event) => set({ searchParam: event.currentTarget.value })}
          autoComplete="off"
        />
        <NumberInput
          label={t('admin.apis.cacheS')}
          description={t('admin.apis.cacheHint')}
          min={0}
          max={86_400}
          allowDecimal={false}
          allowNegative={false}
          value={cacheS}
          onChange={(value) => setCacheS(typeof value === 'number' ? value : '')}
        />
      </SimpleGrid>
      <RowList
        label={t('admin.apis.columns')}
        description={t('admin.apis.columnsHint')}
        rowName={t('admin.apis.column')}
        rows={draft.columns}
        onChange={(columns) => set({ columns })}
        newRow={blankColumn}
        addLabel={t('admin.apis.addColumn')}
        emptyText={t('admin.apis.columnsNone')}
      >
        {(column, setColumn, index) => (
          <>
            <TextInput
              flex={1}
              miw={0}
              aria-label={t('admin.apis.columnNameOf', { position: index + 1 })}
              placeholder={t('admin.apis.columnName')}
              value={column.name}
              onChange={(event) => setColumn({ ...column, name: event.currentTarget.value })}
              autoComplete="off"
            />
            <TextInput
              flex={1}
              miw={0}
              aria-label={t('admin.apis.columnPathOf', { position: index + 1 })}
              placeholder={t('admin.apis.columnPath')}
              value={column.path}
              onChange={(event) => setColumn({ ...column, path: event.currentTarget.value })}
              autoComplete="off"
            />
            <Select
              w={110}
              aria-label={t('admin.apis.columnTypeOf', { position: index + 1 })}
              data={API_COLUMN_TYPES.map((type) => ({ value: type, label: t(COLUMN_TYPE_LABELS[type]) }))}
              value={column.type}
              onChange={(value) => {
                const parsed = ApiColumnTypeSchema.safeParse(value);
                if (parsed.success) setColumn({ ...column, type: parsed.data });
              }}
              allowDeselect={false}
            />
          </>
        )}
      </RowList>
      <FilterParamRows rows={draft.filterParams} columns={draft.columns.map((column) => column.name.trim()).filter((name) => name !== '')} onChange={(filterParams) => set({ filterParams })} />

      <Divider />
      <EndpointPreview source={source} draft={sent} onUseColumns={(columns) => set({ columns })} />
    </FormDialog>
  );
}
