import { NativeSelect } from '@mantine/core';
import { type AppLanguage, AppLanguageSchema, type Language, LANGUAGE_NAMES, LANGUAGES, LanguageSchema } from '@rakit/core';
import { useT } from './LanguageProvider';

/** The three catalogs, each by its own name: a reader finds his language whatever is shown now. */
const catalogOptions = LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }));
const FOLLOW_APP = 'app';

/**
 * A person's own language (issue 35): one of the catalogs, or his application's (null), named
 * with the application's current choice. A native select: a phone shows its own picker.
 */
export function OwnLanguageSelect({ value, appLanguage, onChange, disabled }: {
  value: Language | null; appLanguage: string; onChange: (language: Language | null) => void; disabled?: boolean;
}) {
  const t = useT();
  return (
    <NativeSelect
      label={t('languages.label')}
      value={value ?? FOLLOW_APP}
      disabled={disabled}
      data={[{ value: FOLLOW_APP, label: t('languages.followApp', { name: appLanguage }) }, ...catalogOptions]}
      onChange={(event) => {
        const chosen = LanguageSchema.safeParse(event.currentTarget.value);
        onChange(chosen.success ? chosen.data : null);
      }}
    />
  );
}

/** An application's language for its members: a catalog, or each visitor's browser. */
export function AppLanguageSelect({ value, onChange }: { value: AppLanguage; onChange: (language: AppLanguage) => void }) {
  const t = useT();
  return (
    <NativeSelect
      label={t('languages.label')}
      value={value}
      data={[...catalogOptions, { value: 'browser', label: t('languages.browser') }]}
      onChange={(event) => onChange(AppLanguageSchema.catch(value).parse(event.currentTarget.value))}
    />
  );
}

/** The name of what an application's setting shows: a catalog's name or "each visitor's browser". */
export function useAppLanguageName(): (language: AppLanguage) => string {
  const t = useT();
  return (language) => (language === 'browser' ? t('languages.browser') : LANGUAGE_NAMES[language]);
}
