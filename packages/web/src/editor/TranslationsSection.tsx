import { ActionIcon, Button, Fieldset, Group, Menu, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  type Component, type ComponentTranslations, LANGUAGE_NAMES, TRANSLATABLE_FIELDS, TRANSLATED_LANGUAGES, type TranslatableField,
  widgetModel, withLabelTranslation, withoutTranslation, withTranslation,
} from '@rakit/core';
import { IconLanguage, IconPlus, IconX } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { type Translate, useT } from '../i18n/LanguageProvider';

type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];
/** A text field, or the widget's option/column labels ('options', a list by position). */
type TranslatedField = TranslatableField | 'options';
interface Pair { language: TranslatedLanguage; field: TranslatedField }

const FIELD_NAMES = {
  title: 'editor.translations.field.title',
  placeholder: 'editor.translations.field.placeholder',
  options: 'editor.translations.field.options',
} as const satisfies Record<TranslatedField, string>;

const pairName = (pair: Pair, t: Translate) => t('editor.translations.fieldIn', { field: t(FIELD_NAMES[pair.field]), language: LANGUAGE_NAMES[pair.language] });
const samePair = (a: Pair, b: Pair) => a.language === b.language && a.field === b.field;

/** The author's option or column labels by position, when the widget shows any (its model's optionLabels). */
const ownLabelsOf = (component: Component): string[] => widgetModel(component.type)?.optionLabels?.(component as unknown as Record<string, unknown>) ?? [];

/**
 * The fields of this component an author may translate: its title, its placeholder when its
 * model has one, and its labels when it shows any.
 */
const fieldsOf = (component: Component): TranslatedField[] => [
  ...TRANSLATABLE_FIELDS.filter((field) => typeof (component as Record<string, unknown>)[field] === 'string'),
  ...(ownLabelsOf(component).some((label) => label !== '') ? ['options' as const] : []),
];

/**
 * The configuration panel's "Translations" (issue 35), the same for every widget: the author's
 * title (and placeholder) per language, shown instead of his own wording to readers of that
 * catalog. Every text goes through `onChange` (the editor's component update), so undo, saving,
 * co-editing and page versions carry it; a text cleared is removed (withTranslation). A pair
 * added or edited here keeps its input while the panel is open, even emptied.
 */
export function TranslationsSection({ component, onChange }: { component: Component; onChange: (next: Component) => void }) {
  const t = useT();
  const headingId = useId();
  const [opened, setOpened] = useState<Pair[]>([]);
  const fields = fieldsOf(component);
  const all: Pair[] = TRANSLATED_LANGUAGES.flatMap((language) => fields.map((field) => ({ language, field })));
  const translations = (component as { translations?: ComponentTranslations }).translations;
  const textOf = (pair: Pair) => {
    const value = translations?.[pair.language]?.[pair.field];
    return Array.isArray(value) ? value.join('') : value ?? '';
  };
  const shown = all.filter((pair) => textOf(pair) !== '' || opened.some((open) => samePair(open, pair)));
  const addable = all.filter((pair) => !shown.some((open) => samePair(open, pair)));

  const keepOpen = (pair: Pair) => setOpened((list) => (list.some((open) => samePair(open, pair)) ? list : [...list, pair]));
  const write = (pair: Pair, text: string, position = 0) => {
    keepOpen(pair);
    const next = pair.field === 'options'
      ? withLabelTranslation(translations, pair.language, position, text)
      : withTranslation(translations, pair.language, pair.field, text);
    onChange({ ...component, translations: next });
  };
  const remove = (pair: Pair) => {
    setOpened((list) => list.filter((open) => !samePair(open, pair)));
    if (textOf(pair) === '') return;
    onChange({ ...component, translations: withoutTranslation(translations, pair.language, pair.field) });
  };
  const removeButton = (pair: Pair, name: string) => (
    <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('editor.translations.remove', { name })} onClick={() => remove(pair)}>
      <IconX size={14} />
    </ActionIcon>
  );

  return (
    <Stack component="section" aria-labelledby={headingId} gap="xs" mt="lg" pt="md" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }} data-testid="translations">
      <Group gap={6} wrap="nowrap">
        <IconLanguage size={16} aria-hidden />
        <Title order={2} size="sm" id={headingId}>{t('editor.translations.heading')}</Title>
      </Group>
      <Text size="xs" c="dimmed">{shown.length === 0 ? t('editor.translations.none') : t('editor.translations.hint')}</Text>
      {shown.map((pair) => {
        const name = pairName(pair, t);
        if (pair.field === 'options') {
          const labels = translations?.[pair.language]?.options ?? [];
          return (
            <Fieldset key={`${pair.language}:options`} legend={<Group gap={4} wrap="nowrap">{name}{removeButton(pair, name)}</Group>} p="xs">
              <Text size="xs" c="dimmed" mb={4}>{t('editor.translations.labelsHint')}</Text>
              <Stack gap={4}>
                {ownLabelsOf(component).map((own, position) => (own === '' ? null : (
                  <TextInput
                    // Positions are the labels' identity: the author's list and its translation pair by them.
                    key={position}
                    size="xs"
                    label={own}
                    // The author's label names the field; what is typed is in the translation's language.
                    lang={pair.language}
                    value={labels[position] ?? ''}
                    onChange={(event) => write(pair, event.currentTarget.value, position)}
                  />
                )))}
              </Stack>
            </Fieldset>
          );
        }
        const own = (component as Record<string, unknown>)[pair.field];
        return (
          <TextInput
            key={`${pair.language}:${pair.field}`}
            label={name}
            description={typeof own === 'string' && own.trim() !== '' ? t('editor.translations.own', { text: own }) : undefined}
            lang={pair.language}
            value={textOf(pair)}
            onChange={(event) => write(pair, event.currentTarget.value)}
            rightSection={removeButton(pair, name)}
          />
        );
      })}
      {addable.length === 0 ? null : (
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} style={{ alignSelf: 'flex-start' }}>{t('editor.translations.add')}</Button>
          </Menu.Target>
          <Menu.Dropdown>
            {addable.map((pair) => (
              <Menu.Item key={`${pair.language}:${pair.field}`} onClick={() => keepOpen(pair)}>{pairName(pair, t)}</Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
    </Stack>
  );
}
