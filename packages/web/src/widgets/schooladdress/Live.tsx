import { schoolCalls } from '@rakit/core';
import { useQueryClient } from '@tanstack/react-query';
import { fetchKept } from '../../offline/kept-lookups';
import { Loader, Text, TextInput } from '@mantine/core';
import { useContext, useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { CurrentAppContext } from '../../current-app/app-context';
import { useT } from '../../i18n/LanguageProvider';
import { createPageFormStore, fieldValue, usePageFormStore } from '../../page-state/form-state';
import { valueText } from '../shared/field-frame';
import type { WidgetLiveProps } from '../types';

/** What the lookup came to: the directory's address, none in it, or a failed lookup. */
interface Lookup { address: string | null; failed: boolean }

const lonely = createPageFormStore([]);

/**
 * The school address (spec 3 §2, §8): the address of the school chosen in the page's school
 * search, 'Address not available' when the directory has none and 'Failed to fetch the
 * address.' when the lookup fails.
 */
export function SchooladdressLive({ component }: WidgetLiveProps<'schooladdress'>) {
  const t = useT();
  const current = useContext(CurrentAppContext);
  const queryClient = useQueryClient();
  const store = usePageFormStore() ?? lonely;
  const schoolId = useStore(store, (state) => {
    const school = Object.values(state.components).find((c) => c.type === 'school');
    return school === undefined ? '' : valueText(fieldValue(state, school));
  });
  const [shown, setShown] = useState<{ for: string; lookup: Lookup } | null>(null);

  useEffect(() => {
    if (schoolId === '' || current === null) return undefined;
    let live = true;
    // Offline, the address looked up before for this school answers (issue 38).
    fetchKept(queryClient, ['lookup', current.app.appId, 'schooladdress', schoolId], async (): Promise<Lookup> => {
      const answer = await current.api.call(schoolCalls.getSchoolAddress, { body: { appId: current.app.appId, schooladdress: schoolId } });
      // A refusal is not kept: it is asked again next time.
      if (!answer.status) throw new Error('the school address lookup was refused');
      return { address: answer.data?.address ?? null, failed: false };
    })
      .then((kept): Lookup => kept ?? { address: null, failed: true }, (): Lookup => ({ address: null, failed: true }))
      .then((lookup) => { if (live) setShown({ for: schoolId, lookup }); });
    return () => { live = false; };
  }, [schoolId, current, queryClient]);

  const loading = schoolId !== '' && shown?.for !== schoolId;
  const lookup = schoolId !== '' && shown?.for === schoolId ? shown.lookup : null;
  const failed = lookup?.failed === true;
  const text = lookup === null ? '' : lookup.address ?? (failed ? t('formwidgets.schooladdress.failed') : t('formwidgets.schooladdress.notAvailable'));
  return (
    <TextInput
      label={component.title === '' ? undefined : component.title}
      value={text}
      readOnly
      placeholder={schoolId === '' ? t('formwidgets.schooladdress.chooseSchool') : undefined}
      rightSection={loading ? <Loader size="xs" role="status" aria-label={t('formwidgets.schooladdress.loading')} /> : undefined}
      error={failed ? <Text size="xs">{t('formwidgets.schooladdress.failed')}</Text> : undefined}
    />
  );
}
