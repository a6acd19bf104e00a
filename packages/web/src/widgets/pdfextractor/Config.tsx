import { Button, FileButton, Group, Select, Stack, Text } from '@mantine/core';
import { BUTTON_ACTIONS, type CustomAction, MAX_PDF_EXTRACT_BYTES, type PdfTemplate, type PdfTemplateSummary, type WidgetComponent, pdfTemplateCalls } from '@rakit/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useContext, useEffect, useState } from 'react';
import { ActionList } from '../../actions/ActionList';
import { useAuthoringPage } from '../../actions/authoring-page';
import { firstError } from '../../api/request';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useStaleWrite } from '../../current-app/use-stale-write';
import { CurrentAppContext } from '../../current-app/app-context';
import { useT } from '../../i18n/LanguageProvider';
import { PanelStack, TitleField, withChanges } from '../shared/config-fields';
import type { WidgetConfigProps } from '../types';
import { mappedFields, templateIdOf } from './mapped';
import { TemplateFields } from './TemplateFields';
import { fileForm } from '../../api/client';

type ExtractorAction = WidgetComponent<'pdfextractor'>['custom_action'][number];
const isButtonAction = (action: CustomAction): action is ExtractorAction => (BUTTON_ACTIONS as readonly string[]).includes(action.action);

/**
 * The PDF extractor's panel (spec 3 §2 "label and template choice"; issue 14): its label, the
 * extraction template (chosen from the application's, or made from a sample PDF here), the
 * template's fields, and the actions that run with the extracted values (each field a source).
 */
export function PdfextractorConfig(props: WidgetConfigProps<'pdfextractor'>) {
  const { component, onChange } = props;
  const t = useT();
  const current = useContext(CurrentAppContext);
  const page = useAuthoringPage();
  const [templates, setTemplates] = useState<PdfTemplateSummary[]>([]);
  const [loaded, setTemplate] = useState<PdfTemplate | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const staleTemplate = useStaleWrite<Pick<PdfTemplate, 'templateName' | 'fields'>>(
    t('formwidgets.pdfextractor.staleWhat'), { templateName: t('formwidgets.pdfextractor.templateName'), fields: t('formwidgets.pdfextractor.fields') },
  );
  const templateId = templateIdOf(component);
  // The template last read, shown while it is still the widget's.
  const template = loaded !== null && loaded.templateId === templateId ? loaded : null;

  useEffect(() => {
    if (current === null) return;
    void current.api.call(pdfTemplateCalls.getTemplateList, { query: { appId: current.app.appId } }).then((answer) => setTemplates(answer.data ?? []));
  }, [current]);
  useEffect(() => {
    if (current === null || templateId === null) return;
    void current.api.call(pdfTemplateCalls.getTemplateField, { params: { id: templateId } }).then((answer) => setTemplate(answer.data ?? null));
  }, [current, templateId]);

  const adopt = (chosen: PdfTemplate) => {
    setTemplate(chosen);
    onChange(withChanges(component, { templateId: chosen.templateId, templateField: chosen.fields.map((f) => ({ name: f.name, source: f.source })) }));
  };

  async function choose(value: string | null) {
    if (current === null || value === null) return;
    const answer = await current.api.call(pdfTemplateCalls.getTemplateField, { params: { id: Number(value) } });
    if (answer.data === undefined) return setProblem(firstError(answer, t('formwidgets.pdfextractor.readFailed')));
    adopt(answer.data);
  }

  async function upload(file: File | null) {
    setProblem(null);
    if (file === null || current === null) return;
    if (file.size >= MAX_PDF_EXTRACT_BYTES) return setProblem(t('formwidgets.pdfextractor.tooLarge'));
    const answer = await current.api.call(pdfTemplateCalls.createPdfTemplate, { query: { appId: current.app.appId } }, { form: fileForm(file) });
    if (answer.data === undefined) return setProblem(firstError(answer, t('formwidgets.pdfextractor.sampleFailed')));
    const made = answer.data;
    setTemplates((list) => [...list, made]);
    adopt(made);
  }

  async function save(name: string, fields: PdfTemplate['fields']): Promise<string | null> {
    if (current === null || template === null) return t('formwidgets.pdfextractor.notInApp');
    const written = await staleTemplate.write({
      base: { templateName: template.templateName, fields: template.fields }, mine: { templateName: name, fields }, revision: template.revision,
      send: (values, revision) => current.api.call(pdfTemplateCalls.savePdfTemplate, { params: { id: template.templateId }, body: { templateName: values.templateName, fields: values.fields, revision } }),
      fieldsOf: (stored) => ({ templateName: stored.templateName, fields: stored.fields }),
      revisionOf: (stored) => stored.revision,
    });
    if ('theirs' in written) {
      adopt(written.theirs);
      return null;
    }
    const { answer } = written;
    if (answer === null) return t('formwidgets.common.noAnswer');
    if (answer.data === undefined) return firstError(answer, t('formwidgets.pdfextractor.saveFailed'));
    const saved = answer.data;
    setTemplates((list) => list.map((each) => (each.templateId === saved.templateId ? saved : each)));
    adopt(saved);
    return null;
  }

  async function remove() {
    if (current === null || templateId === null) return;
    const answer = await current.api.call(pdfTemplateCalls.deletePdfTemplate, { params: { id: templateId } });
    setDeleting(false);
    if (answer.data === undefined) return setProblem(firstError(answer, t('formwidgets.pdfextractor.deleteFailed')));
    setProblem(null);
    setTemplates((list) => list.filter((each) => each.templateId !== templateId));
    setTemplate(null);
    onChange(withChanges(component, { templateId: '', templateField: [] }));
  }

  const chosenName = templates.find((each) => each.templateId === templateId)?.templateName ?? template?.templateName ?? '';

  return (
    <PanelStack>
      {staleTemplate.dialog}
      <TitleField {...props} label={t('formwidgets.pdfextractor.label')} />
      <Select
        label={t('formwidgets.pdfextractor.template')}
        placeholder={t('formwidgets.pdfextractor.chooseTemplate')}
        data={templates.map((each) => ({ value: String(each.templateId), label: each.templateName }))}
        value={templateId === null ? null : String(templateId)}
        onChange={(value) => void choose(value)}
        allowDeselect={false}
      />
      <Group gap="xs">
        <FileButton onChange={(file) => void upload(file)} accept="application/pdf,.pdf">
          {(buttonProps) => <Button {...buttonProps} variant="light" size="xs" leftSection={<IconUpload size={14} />}>{t('formwidgets.pdfextractor.newFromSample')}</Button>}
        </FileButton>
        {templateId === null ? null : (
          <Button variant="light" color="red" size="xs" leftSection={<IconTrash size={14} />} onClick={() => setDeleting(true)}>{t('formwidgets.pdfextractor.deleteTemplate')}</Button>
        )}
      </Group>
      <ConfirmDialog
        opened={deleting}
        message={t('formwidgets.pdfextractor.deleteConfirm', { name: `'${chosenName}'` })}
        confirmLabel={t('formwidgets.pdfextractor.deleteTemplate')}
        onConfirm={remove}
        onClose={() => setDeleting(false)}
      />
      {problem === null ? null : <Text size="sm" c="red">{problem}</Text>}
      {template === null ? null : <TemplateFields key={`${template.templateId}-${template.updatedAt}`} template={template} onSave={save} />}
      <Stack gap={2}>
        <ActionList
          actions={component.custom_action}
          onChange={(actions) => onChange(withChanges(component, { custom_action: actions.filter(isButtonAction) }))}
          types={BUTTON_ACTIONS}
          components={page.components}
          pageId={page.pageId}
          columns={mappedFields(component)}
        />
        <Text size="xs" c="dimmed">{t('formwidgets.pdfextractor.actionsNote')}</Text>
      </Stack>
    </PanelStack>
  );
}
