import { Loader, Text, TextInput } from '@mantine/core';
import { useContext, useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { CurrentAppContext } from '../../current-app/app-context';
import { createPageFormStore, fieldValue, usePageFormStore } from '../../page-state/form-state';
import { valueText } from '../shared/field-frame';
import type { WidgetLiveProps } from '../types';

export const ADDRESS_NOT_AVAILABLE = 'Address not available';
export const ADDRESS_FAILED = 'Failed to fetch the address.';

const lonely = createPageFormStore([]);

/**
 * The school address (spec 3 §2, §8): the address of the school chosen in the page's school
 * search, 'Address not available' when the directory has none and 'Failed to fetch the
 * address.' when the lookup fails.
 */
export function SchooladdressLive({ component }: WidgetLiveProps<'schooladdress'>) {
  const current = useContext(CurrentAppContext);
  const store = usePageFormStore() ?? lonely;
  const schoolId = useStore(store, (state) => {
    const school = Object.values(state.components).find((c) => c.type === 'school');
    return school === undefined ? '' : valueText(fieldValue(state, school));
  });
  const [shown, setShown] = useState<{ for: string; text: string } | null>(null);

  useEffect(() => {
    if (schoolId === '' || current === null) return undefined;
    let live = true;
    current.api.getSchoolAddress({ appId: current.app.appId, schooladdress: schoolId })
      .then((answer) => (answer.status ? answer.data?.address ?? ADDRESS_NOT_AVAILABLE : ADDRESS_FAILED), () => ADDRESS_FAILED)
      .then((text) => { if (live) setShown({ for: schoolId, text }); });
    return () => { live = false; };
  }, [schoolId, current]);

  const loading = schoolId !== '' && shown?.for !== schoolId;
  const text = schoolId === '' ? '' : shown?.for === schoolId ? shown.text : '';
  return (
    <TextInput
      label={component.title === '' ? undefined : component.title}
      value={text}
      readOnly
      placeholder={schoolId === '' ? 'Choose a school first' : undefined}
      rightSection={loading ? <Loader size="xs" role="status" aria-label="Looking up the address" /> : undefined}
      error={text === ADDRESS_FAILED ? <Text size="xs">{ADDRESS_FAILED}</Text> : undefined}
    />
  );
}
