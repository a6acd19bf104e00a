import { SCHOOL_LOOKUP_MIN_CHARS, schoolCalls } from '@rakit/core';
import { useT } from '../../i18n/LanguageProvider';
import { useFieldBinding } from '../../page-state/form-state';
import { LookupSelect, useKeptLookUp } from '../shared/LookupSelect';
import type { WidgetLiveProps } from '../types';

/**
 * The school search (spec 3 §2, §5): an autocomplete over the school directory's names (option
 * text sekolahName) from 3 typed characters. The value is the chosen school's id (its NPSN),
 * which the school address widget of the page shows the address of.
 */
export function SchoolLive({ component }: WidgetLiveProps<'school'>) {
  const t = useT();
  const binding = useFieldBinding(component);
  // Offline, what was looked up before answers (issue 38).
  const lookUp = useKeptLookUp('school', async (current, typed) => {
    const answer = await current.api.call(schoolCalls.getSchool, { body: { appId: current.app.appId, school: typed } });
    return answer.status ? (answer.data ?? []).map((o) => ({ value: o.id, label: o.sekolahName })) : null;
  });
  return (
    <LookupSelect
      component={component} binding={binding} minChars={SCHOOL_LOOKUP_MIN_CHARS} hint={t('formwidgets.school.hint', { count: SCHOOL_LOOKUP_MIN_CHARS })}
      defaultPlaceholder={t('formwidgets.school.placeholder')} nothingFound={t('formwidgets.school.nothingFound')} clearLabel={t('formwidgets.school.clear')}
      lookUp={lookUp} keeps="value"
    />
  );
}
