import { ActionIcon, Button, FileButton, Group, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { type PrintConfig, PrintConfigSchema, printMappingsFor, type PrintTemplate, printCalls } from '@rakit/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useContext, useState } from 'react';
import { ApiUnreachableError, fileForm, firstError } from '../../api/client';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CurrentAppContext } from '../../current-app/app-context';
import { notifyFailure, notifySuccess } from '../../components/notify';
import { useT } from '../../i18n/LanguageProvider';
import { configOf } from '../config-of';
import { type ActionSectionProps, useActionScope } from '../dialog-scope';
import { RowList } from '../RowList';
import { PRINT_TEMPLATES_KEY, usePrintTemplates } from '../use-action-data';
import { ValueSourcePicker } from '../ValueSourcePicker';

const DOCX_ACCEPT = '.docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

type Mapping = PrintConfig['mappings'][number];

/** Tells that a template call threw: `silent` when the server did not answer, else the error. */
function notifyThrown(error: unknown, silent: string) {
  console.error(error);
  notifyFailure(error instanceof ApiUnreachableError ? silent : String(error));
}

/** One template field and where its value comes from. */
function MappingRows({ label, description, rows, onChange }: { label: string; description: string; rows: Mapping[]; onChange: (rows: Mapping[]) => void }) {
  const t = useT();
  return (
    <RowList label={label} rowName={t('actions.print.field')} description={description} rows={rows} onChange={onChange}>
      {(row, setRow) => (
        <>
          <Text size="xs" w={150} mt={6} truncate title={row.field} ff="monospace">{row.field}</Text>
          <ValueSourcePicker value={row} onChange={(source) => setRow({ ...row, ...source })} name={t('actions.print.valueOf', { field: row.field })} withVariables={false} />
        </>
      )}
    </RowList>
  );
}

/**
 * PRINT (spec 2 "Print configuration"): the author chooses a .docx template of the application
 * (or uploads one), then maps each of its fields to a row column, a page component or a custom
 * value; each field of a repeat group is written group@field and filled once per printed row.
 */
export function PrintSection({ action, onChange }: ActionSectionProps) {
  const t = useT();
  const current = useContext(CurrentAppContext);
  const { rowColumns } = useActionScope();
  const templates = usePrintTemplates();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<PrintTemplate | null>(null);
  const config = configOf(PrintConfigSchema, action.print);
  const list = templates.data ?? [];
  const chosen = list.find((each) => each.templateFilename === config.document);
  // The chosen template's fields as it is now (it may have been uploaded again), earlier mappings kept.
  const mapped = chosen === undefined ? config : { ...config, ...printMappingsFor(chosen.identifier, config, rowColumns) };
  const setPrint = (changes: Partial<PrintConfig>) => onChange({ ...action, print: { ...mapped, ...changes } });
  const choose = (template: PrintTemplate) =>
    onChange({ ...action, print: { ...config, document: template.templateFilename, ...printMappingsFor(template.identifier, config, rowColumns) } });
  const refresh = () => queryClient.invalidateQueries({ queryKey: [PRINT_TEMPLATES_KEY, current?.app.appId] });

  async function upload(file: File | null) {
    if (file === null || current === null) return;
    setBusy(true);
    try {
      const answer = await current.api.call(printCalls.uploadTemplate, { query: { appId: current.app.appId } }, { form: fileForm(file) });
      if (!answer.status || answer.data === undefined) {
        notifyFailure(firstError(answer, t('actions.print.uploadFailed')));
        return;
      }
      await refresh();
      choose(answer.data);
      notifySuccess(t('actions.print.uploaded', { name: answer.data.templateFilename }));
    } catch (error) {
      notifyThrown(error, t('actions.print.uploadFailedSilent'));
    } finally {
      setBusy(false);
    }
  }

  async function remove(template: PrintTemplate) {
    if (current === null) return;
    try {
      const answer = await current.api.call(printCalls.deleteTemplate, { params: { templateId: template.templateId } });
      if (!answer.status) {
        notifyFailure(firstError(answer, t('actions.print.deleteFailed')));
        return;
      }
      await refresh();
      notifySuccess(t('actions.print.deleted', { name: template.templateFilename }));
      setDeleting(null);
    } catch (error) {
      notifyThrown(error, t('actions.print.deleteFailedSilent'));
    }
  }

  const fieldCount = mapped.mappings.length + mapped.bulkMappings.length;
  return (
    <Stack gap="sm">
      <Group gap={6} align="flex-end" wrap="nowrap">
        <Select
          flex={1}
          label={t('actions.print.template')}
          placeholder={templates.isPending ? t('actions.print.templatesLoading') : list.length === 0 ? t('actions.print.templatesNone') : t('actions.print.templateChoose')}
          data={[
            ...list.map((each) => ({ value: each.templateFilename, label: each.templateFilename })),
            ...(config.document !== '' && chosen === undefined && !templates.isPending ? [{ value: config.document, label: t('actions.common.notFound', { name: config.document }) }] : []),
          ]}
          value={config.document === '' ? null : config.document}
          error={templates.isError ? templates.error.message : config.document !== '' && chosen === undefined && !templates.isPending ? t('actions.print.templateGone') : undefined}
          searchable
          allowDeselect={false}
          onChange={(name) => {
            const template = list.find((each) => each.templateFilename === name);
            if (template !== undefined) choose(template);
          }}
        />
        {chosen === undefined ? null : (
          <Tooltip label={t('actions.print.deleteThis')}>
            <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('actions.print.deleteNamed', { name: chosen.templateFilename })} onClick={() => setDeleting(chosen)}>
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        )}
        <FileButton accept={DOCX_ACCEPT} onChange={(file) => void upload(file)}>
          {(props) => <Button {...props} variant="light" loading={busy} leftSection={<IconUpload size={16} />}>{t('actions.print.upload')}</Button>}
        </FileButton>
      </Group>
      <Text size="xs" c="dimmed">
        {t('actions.print.templateHelp', { field: '{field}', open: '{#group}', close: '{/group}' })}
      </Text>
      <TextInput
        label={t('actions.print.fileName')}
        placeholder={chosen === undefined ? t('actions.print.fileNameDefault') : chosen.templateFilename.replace(/\.docx$/i, '.pdf')}
        value={mapped.options.filename ?? ''}
        onChange={(event) => setPrint({ options: { ...mapped.options, filename: event.currentTarget.value } })}
      />
      {chosen !== undefined && fieldCount === 0 ? <Text size="sm" c="dimmed">{t('actions.print.noFields')}</Text> : null}
      {mapped.mappings.length === 0 ? null : (
        <MappingRows label={t('actions.print.fields')} description={t('actions.print.fieldsHelp')} rows={mapped.mappings} onChange={(mappings) => setPrint({ mappings })} />
      )}
      {mapped.bulkMappings.length === 0 ? null : (
        <MappingRows
          label={t('actions.print.repeated')}
          description={t('actions.print.repeatedHelp')}
          rows={mapped.bulkMappings}
          onChange={(bulkMappings) => setPrint({ bulkMappings })}
        />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        message={t('actions.print.deleteConfirm', { name: deleting?.templateFilename ?? '' })}
        confirmLabel={t('actions.print.delete')}
        onClose={() => setDeleting(null)}
        onConfirm={() => (deleting === null ? Promise.resolve() : remove(deleting))}
      />
    </Stack>
  );
}
