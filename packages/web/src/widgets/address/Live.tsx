import { ADDRESS_LOOKUP_MIN_CHARS, lookupCalls } from '@rakit/core';
import { useT } from '../../i18n/LanguageProvider';
import { useFieldBinding } from '../../page-state/form-state';
import { LookupSelect, useKeptLookUp } from '../shared/LookupSelect';
import type { WidgetLiveProps } from '../types';

/**
 * The address search (spec 3 §2, §5, §8): an autocomplete of 'DESA, KECAMATAN, KABUPATEN,
 * PROVINSI' looked up on the server from 6 typed characters. Only an offered entry can be chosen
 * (a village is told apart by its code, since its name may hold ', '); the value is the entry's
 * text. A failed lookup offers nothing; the required error clears when the value changes.
 */
export function AddressLive({ component }: WidgetLiveProps<'address'>) {
  const t = useT();
  const binding = useFieldBinding(component);
  // Offline, what was looked up before answers (issue 38).
  const lookUp = useKeptLookUp('address', async (current, typed) => {
    const answer = await current.api.call(lookupCalls.getAddress, { body: { appId: current.app.appId, address: typed } });
    return answer.status ? (answer.data ?? []).map((o) => ({ value: o.villageCode, label: o.location })) : null;
  });
  return (
    <LookupSelect
      component={component} binding={binding} minChars={ADDRESS_LOOKUP_MIN_CHARS} hint={t('formwidgets.address.hint', { count: ADDRESS_LOOKUP_MIN_CHARS })}
      defaultPlaceholder={t('formwidgets.address.placeholder')} nothingFound={t('formwidgets.address.nothingFound')} clearLabel={t('formwidgets.address.clear')}
      lookUp={lookUp} keeps="label"
    />
  );
}
