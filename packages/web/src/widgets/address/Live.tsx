import { ADDRESS_LOOKUP_MIN_CHARS } from '@rakit/core';
import { useCallback, useContext } from 'react';
import { CurrentAppContext } from '../../current-app/app-context';
import { useFieldBinding } from '../../page-state/form-state';
import { type LookupChoice, LookupSelect } from '../shared/LookupSelect';
import type { WidgetLiveProps } from '../types';

/** Where the areas come from, as the panel and the about screen say it. */
export const AREA_DATA_NOTE = 'Areas from idn-area-data (© Fityan, Open Database License v1.0).';
/** What the field says under its label: when the lookup starts and what it searches. */
export const ADDRESS_HINT = `Type at least ${ADDRESS_LOOKUP_MIN_CHARS} characters of the village, district, regency or province`;

/**
 * The address search (spec 3 §2, §5, §8): an autocomplete of 'DESA, KECAMATAN, KABUPATEN,
 * PROVINSI' looked up on the server from 6 typed characters. Only an offered entry can be chosen
 * (a village is told apart by its code, since its name may hold ', '); the value is the entry's
 * text. A failed lookup offers nothing; the required error clears when the value changes.
 */
export function AddressLive({ component }: WidgetLiveProps<'address'>) {
  const binding = useFieldBinding(component);
  const current = useContext(CurrentAppContext);
  const lookUp = useCallback(async (typed: string): Promise<LookupChoice[]> => {
    if (current === null) return [];
    const answer = await current.api.getAddress({ appId: current.app.appId, address: typed });
    return answer.status ? (answer.data ?? []).map((o) => ({ value: o.villageCode, label: o.location })) : [];
  }, [current]);
  return (
    <LookupSelect
      component={component} binding={binding} minChars={ADDRESS_LOOKUP_MIN_CHARS} hint={ADDRESS_HINT}
      defaultPlaceholder="DESA, KECAMATAN, KABUPATEN, PROVINSI" nothingFound="No address matches" clearLabel="Clear the address"
      lookUp={current === null ? null : lookUp} keeps="label"
    />
  );
}
