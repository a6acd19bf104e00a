import { ActionIcon, Button, FileButton, Group, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { type PrintConfig, PrintConfigSchema, printMappingsFor, type PrintTemplate } from '@rakit/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useContext, useState } from 'react';
import { ApiUnreachableError, firstError } from '../../api/client';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CurrentAppContext } from '../../current-app/app-context';
import { notifyFailure, notifySuccess } from '../../components/notify';
import { configOf } from '../config-of';
import { type ActionSectionProps, useActionScope } from '../dialog-scope';
import { RowList } from '../RowList';
import { PRINT_TEMPLATES_KEY, usePrintTemplates } from '../use-action-data';
import { ValueSourcePicker } from '../ValueSourcePicker';

const DOCX_ACCEPT = '.docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

type Mapping = PrintConfig['mappings'][number];

/** Tells that a template call threw: `failure` and that the server did not answer, else the error. */
function notifyThrown(error: unknown, failure: string) {
  console.error(error);
  notifyFailure(error instanceof ApiUnreachableError ? `${failure}: the server did not answer` : String(error));
}

/** One template field and where its value comes from. */
function MappingRows({ label, description, rows, onChange }: { label: string; description: string; rows: Mapping[]; onChange: (rows: Mapping[]) => void }) {
  return (
    <RowList label={label} rowName="field" description={description} rows={rows} onChange={onChange}>
      {(row, setRow) => (
        <>
          <Text size="xs" w={150} mt={6} truncate title={row.field} ff="monospace">{row.field}</Text>
          <ValueSourcePicker value={row} onChange={(source) => setRow({ ...row, ...source })} name={`Value of ${row.field}`} />
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
  const current = useContext(CurrentAppContext);
  const { rowColumns } = useActionScope();
  const templates = usePrintTemplates();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<PrintTemplate | null>(null);
  const config = configOf(PrintConfigSchema, action.print);
  const list = templates.data ?? [];
  const chosen = list.find((t) => t.templateFilename === config.document);
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
      const answer = await current.api.uploadPrintTemplate(current.app.appId, file);
      if (!answer.status || answer.data === undefined) {
        notifyFailure(firstError(answer, 'The template could not be uploaded'));
        return;
      }
      await refresh();
      choose(answer.data);
      notifySuccess(`Template ${answer.data.templateFilename} uploaded`);
    } catch (error) {
      notifyThrown(error, 'The template could not be uploaded');
    } finally {
      setBusy(false);
    }
  }

  async function remove(template: PrintTemplate) {
    if (current === null) return;
    try {
      const answer = await current.api.deletePrintTemplate(template.templateId);
      if (!answer.status) {
        notifyFailure(firstError(answer, 'The template could not be deleted'));
        return;
      }
      await refresh();
      notifySuccess(`Template ${template.templateFilename} deleted`);
      setDeleting(null);
    } catch (error) {
      notifyThrown(error, 'The template could not be deleted');
    }
  }

  const fieldCount = mapped.mappings.length + mapped.bulkMappings.length;
  return (
    <Stack gap="sm">
      <Group gap={6} align="flex-end" wrap="nowrap">
        <Select
          flex={1}
          label="Template"
          placeholder={templates.isPending ? 'Loading templates…' : list.length === 0 ? 'No templates yet: upload one' : 'Choose a template'}
          data={[
            ...list.map((t) => ({ value: t.templateFilename, label: t.templateFilename })),
            ...(config.document !== '' && chosen === undefined && !templates.isPending ? [{ value: config.document, label: `${config.document} (not found)` }] : []),
          ]}
          value={config.document === '' ? null : config.document}
          error={templates.isError ? templates.error.message : config.document !== '' && chosen === undefined && !templates.isPending ? 'This template no longer exists' : undefined}
          searchable
          allowDeselect={false}
          onChange={(name) => {
            const template = list.find((t) => t.templateFilename === name);
            if (template !== undefined) choose(template);
          }}
        />
        {chosen === undefined ? null : (
          <Tooltip label="Delete this template">
            <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Delete template ${chosen.templateFilename}`} onClick={() => setDeleting(chosen)}>
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        )}
        <FileButton accept={DOCX_ACCEPT} onChange={(file) => void upload(file)}>
          {(props) => <Button {...props} variant="light" loading={busy} leftSection={<IconUpload size={16} />}>Upload template</Button>}
        </FileButton>
      </Group>
      <Text size="xs" c="dimmed">
        A Word (.docx) file: {'{field}'} prints a value, {'{#group}'}…{'{/group}'} repeats its text once per printed row.
      </Text>
      <TextInput
        label="PDF file name"
        placeholder={chosen === undefined ? 'The template\'s name' : chosen.templateFilename.replace(/\.docx$/i, '.pdf')}
        value={mapped.options.filename ?? ''}
        onChange={(event) => setPrint({ options: { ...mapped.options, filename: event.currentTarget.value } })}
      />
      {chosen !== undefined && fieldCount === 0 ? <Text size="sm" c="dimmed">This template has no fields: it prints as it is.</Text> : null}
      {mapped.mappings.length === 0 ? null : (
        <MappingRows label="Fields" description="Filled once, from the row (the first selected one in a bulk print)." rows={mapped.mappings} onChange={(mappings) => setPrint({ mappings })} />
      )}
      {mapped.bulkMappings.length === 0 ? null : (
        <MappingRows
          label="Repeated fields"
          description="group@field: one item per printed row, every selected row in a bulk print."
          rows={mapped.bulkMappings}
          onChange={(bulkMappings) => setPrint({ bulkMappings })}
        />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        message={`Delete the template ${deleting?.templateFilename ?? ''}? Actions printing with it will fail.`}
        confirmLabel="Delete"
        onClose={() => setDeleting(null)}
        onConfirm={() => (deleting === null ? Promise.resolve() : remove(deleting))}
      />
    </Stack>
  );
}
