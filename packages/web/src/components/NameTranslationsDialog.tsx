import { Text, TextInput } from '@mantine/core';
import { LANGUAGE_NAMES, MAX_NAME_LENGTH, type NameTranslations, TRANSLATED_LANGUAGES } from '@rakit/core';
import { useState } from 'react';
import { useT } from '../i18n/LanguageProvider';
import { FormDialog } from './FormDialog';

interface NameTranslationsDialogProps {
  /** The author's own name: what every other reader sees. */
  name: string;
  translations: NameTranslations;
  /** Saves every language at once (an empty one is removed); the caller closes the dialog. */
  onSave: (translations: NameTranslations) => Promise<void>;
  onClose: () => void;
}

/**
 * A menu's name or a page's title in the catalogs an author may translate into (issue 35): one
 * field per language, the author's own name above them. Members reading that catalog see the
 * translation in the menu and the page's heading.
 */
export function NameTranslationsDialog({ name, translations, onSave, onClose }: NameTranslationsDialogProps) {
  const t = useT();
  const [texts, setTexts] = useState<NameTranslations>(translations);
  return (
    <FormDialog title={t('admin.nameTranslations.title', { name })} onSubmit={() => onSave(texts)} onClose={onClose}>
      <Text size="sm" c="dimmed">{t('admin.nameTranslations.hint')}</Text>
      {TRANSLATED_LANGUAGES.map((language, index) => (
        <TextInput
          key={language}
          lang={language}
          label={t('admin.nameTranslations.nameIn', { language: LANGUAGE_NAMES[language] })}
          placeholder={name}
          value={texts[language] ?? ''}
          maxLength={MAX_NAME_LENGTH}
          data-autofocus={index === 0 ? true : undefined}
          onChange={(event) => {
            const text = event.currentTarget.value;
            setTexts((now) => ({ ...now, [language]: text }));
          }}
        />
      ))}
    </FormDialog>
  );
}
