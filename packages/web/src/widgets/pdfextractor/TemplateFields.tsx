import { ActionIcon, Button, Group, NumberInput, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { type MessageKey, type PdfTemplate, type PdfTemplateField, PdfTemplateFieldsSchema } from '@rakit/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../../i18n/LanguageProvider';
import { BoxDrawer } from './BoxDrawer';

const SOURCES: readonly { value: PdfTemplateField['source']; label: MessageKey }[] = [
  { value: 'form', label: 'formwidgets.pdfextractor.sourceForm' },
  { value: 'pattern', label: 'formwidgets.pdfextractor.sourcePattern' },
  { value: 'box', label: 'formwidgets.pdfextractor.sourceBox' },
];

type Source = PdfTemplateField['source'];

function fieldOf(name: string, source: Source, template: PdfTemplate): PdfTemplateField {
  if (source === 'form') return { name, source, formField: template.formFields[0] ?? '' };
  if (source === 'pattern') return { name, source, pattern: '' };
  return { name, source, page: 1, x: 0, y: 0, width: 100, height: 20 };
}

const BOX_KEYS = [
  ['page', 'formwidgets.pdfextractor.boxPage'], ['x', 'formwidgets.pdfextractor.boxLeft'], ['y', 'formwidgets.pdfextractor.boxTop'],
  ['width', 'formwidgets.pdfextractor.boxWidth'], ['height', 'formwidgets.pdfextractor.boxHeight'],
] as const satisfies readonly (readonly [string, MessageKey])[];

/**
 * The fields of an extraction template, edited as a list: each a name and where its value is
 * read (an AcroForm field of the sample, a regular expression over the text, or a box on a
 * page in points from its top-left corner). Save checks them as the server will.
 */
export function TemplateFields({ template, onSave }: { template: PdfTemplate; onSave: (name: string, fields: PdfTemplateField[]) => Promise<string | null> }) {
  const t = useT();
  const [name, setName] = useState(template.templateName);
  const [fields, setFields] = useState<PdfTemplateField[]>(template.fields);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  /** The box field being drawn on the sample. */
  const [drawing, setDrawing] = useState<number | null>(null);
  const drawnField = drawing === null ? undefined : fields[drawing];
  const change = (index: number, next: PdfTemplateField) => setFields(fields.map((f, i) => (i === index ? next : f)));
  const pageSize = template.pages[0];
  const formFields = template.formFields.length === 0 ? t('formwidgets.pdfextractor.noFormFields') : template.formFields.join(', ');

  async function save() {
    const checked = PdfTemplateFieldsSchema.safeParse(fields);
    if (!checked.success) return setError(checked.error.issues.map((i) => i.message).join('; '));
    setSaving(true);
    setError(await onSave(name, checked.data));
    setSaving(false);
  }

  return (
    <Stack gap={6} data-testid="pdf-template-fields">
      <TextInput label={t('formwidgets.pdfextractor.templateName')} value={name} onChange={(e) => setName(e.currentTarget.value)} />
      <Text size="xs" c="dimmed">
        {pageSize === undefined
          ? t('formwidgets.pdfextractor.summary', { pages: String(template.pageCount), fields: formFields })
          : t('formwidgets.pdfextractor.summarySized', { pages: String(template.pageCount), width: String(pageSize.width), height: String(pageSize.height), fields: formFields })}
      </Text>
      {fields.map((field, index) => (
        <Paper key={index} withBorder p="xs" radius="sm">
          <Stack gap={4}>
            <Group gap={6} wrap="nowrap" align="end">
              <TextInput
                label={t('formwidgets.pdfextractor.name')} aria-label={t('formwidgets.pdfextractor.nameOf', { number: index + 1 })} value={field.name} style={{ flex: 1 }}
                onChange={(e) => change(index, { ...field, name: e.currentTarget.value })}
              />
              <Select
                label={t('formwidgets.pdfextractor.source')} aria-label={t('formwidgets.pdfextractor.sourceOf', { number: index + 1 })} data={SOURCES.map((s) => ({ value: s.value, label: t(s.label) }))} value={field.source} allowDeselect={false} w={150}
                onChange={(source) => { if (source !== null) change(index, fieldOf(field.name, source as Source, template)); }}
              />
              <ActionIcon variant="subtle" color="red" aria-label={t('formwidgets.pdfextractor.deleteField', { number: index + 1 })} onClick={() => setFields(fields.filter((_, i) => i !== index))}>
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
            {field.source === 'form' ? (
              <Select
                label={t('formwidgets.pdfextractor.formField')} aria-label={t('formwidgets.pdfextractor.formFieldOf', { number: index + 1 })} data={template.formFields}
                value={field.formField === '' ? null : field.formField} searchable allowDeselect={false}
                onChange={(formField) => change(index, { ...field, formField: formField ?? '' })}
              />
            ) : null}
            {field.source === 'pattern' ? (
              <TextInput
                label={t('formwidgets.pdfextractor.pattern')} aria-label={t('formwidgets.pdfextractor.patternOf', { number: index + 1 })} description={t('formwidgets.pdfextractor.patternHint')} value={field.pattern}
                onChange={(e) => change(index, { ...field, pattern: e.currentTarget.value })}
              />
            ) : null}
            {field.source === 'box' ? (
              <Button size="xs" variant="light" onClick={() => setDrawing(index)}>{t('formwidgets.pdfextractor.draw')}</Button>
            ) : null}
            {field.source === 'box' ? (
              <Group gap={4} grow preventGrowOverflow={false}>
                {BOX_KEYS.map(([key, label]) => (
                  <NumberInput
                    key={key} label={t(label)} aria-label={t('formwidgets.pdfextractor.boxOf', { label: t(label), number: index + 1 })} value={field[key]} min={key === 'page' ? 1 : 0} hideControls
                    onChange={(value) => change(index, { ...field, [key]: typeof value === 'number' ? value : Number(value) || 0 })}
                  />
                ))}
              </Group>
            ) : null}
          </Stack>
        </Paper>
      ))}
      <Group gap={6}>
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setFields([...fields, fieldOf(`field${fields.length + 1}`, 'form', template)])}>
          {t('formwidgets.pdfextractor.addField')}
        </Button>
        <Button size="xs" loading={saving} onClick={() => void save()}>{t('formwidgets.pdfextractor.saveTemplate')}</Button>
      </Group>
      {error === null ? null : <Text size="sm" c="red">{error}</Text>}
      {drawing !== null && drawnField?.source === 'box' ? (
        <BoxDrawer
          templateId={template.templateId} page={drawnField.page} box={drawnField} opened onClose={() => setDrawing(null)}
          onDrawn={(box) => { change(drawing, { ...drawnField, ...box }); setDrawing(null); }}
        />
      ) : null}
    </Stack>
  );
}
