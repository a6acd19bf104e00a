import { ADDRESS_LOOKUP_MIN_CHARS, type AddressOption } from '@rakit/core';
import { Select } from '@mantine/core';
import { useContext, useEffect, useRef, useState } from 'react';
import { CurrentAppContext } from '../../shell/app-context';
import { useFieldBinding } from '../form-state';
import { fieldFrame, placeholderOf, valueText } from '../shared/field-frame';
import type { WidgetLiveProps } from '../types';

/** Where the areas come from, as the panel and the about screen say it. */
export const AREA_DATA_NOTE = 'Areas from idn-area-data (© Fityan, Open Database License v1.0).';
/** What the field says under its label: when the lookup starts and what it searches. */
export const ADDRESS_HINT = `Type at least ${ADDRESS_LOOKUP_MIN_CHARS} characters of the village, district, regency or province`;
/** How long typing rests before the lookup is made. */
const LOOKUP_DELAY_MS = 300;

interface Choice { value: string; label: string }

const choiceOf = (option: AddressOption): Choice => ({ value: option.villageCode, label: option.location });

/**
 * The address search (spec 3 §2, §5, §8): an autocomplete of 'DESA, KECAMATAN, KABUPATEN,
 * PROVINSI' looked up on the server from 6 typed characters. Only an offered entry can be chosen
 * (a village is told apart by its code, since its name may hold ', '); the value is the entry's
 * text. A failed lookup offers nothing; the required error clears when the value changes.
 */
export function AddressLive({ component }: WidgetLiveProps<'address'>) {
  const binding = useFieldBinding(component);
  const current = useContext(CurrentAppContext);
  const value = valueText(binding.value);
  const [search, setSearch] = useState(value);
  const [options, setOptions] = useState<Choice[]>([]);
  const [chosen, setChosen] = useState<Choice | null>(null);
  const [loading, setLoading] = useState(false);
  const asked = useRef(0);

  const typed = search.trim();
  const looksUp = typed.length >= ADDRESS_LOOKUP_MIN_CHARS && typed !== chosen?.label && current !== null;
  useEffect(() => {
    if (!looksUp || current === null) return undefined;
    const turn = ++asked.current;
    const timer = setTimeout(() => {
      setLoading(true);
      current.api.getAddress({ appId: current.app.appId, address: typed })
        .then((answer) => (answer.status ? (answer.data ?? []).map(choiceOf) : []), () => [])
        .then((found) => {
          if (turn !== asked.current) return;
          setOptions(found);
          setLoading(false);
        });
    }, LOOKUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [looksUp, typed, current]);

  // The chosen entry (or a value the page started with) stays offered, so the field can show it.
  const held: Choice | null = chosen !== null && chosen.label === value ? chosen : value === '' ? null : { value, label: value };
  const shown = looksUp ? options : [];
  const data = held === null || shown.some((o) => o.value === held.value) ? shown : [held, ...shown];
  const frame = fieldFrame(component, binding);
  return (
    <Select
      {...frame}
      description={ADDRESS_HINT}
      placeholder={placeholderOf(component) ?? 'DESA, KECAMATAN, KABUPATEN, PROVINSI'}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      data={data}
      value={held?.value ?? null}
      onChange={(next) => {
        const picked = data.find((o) => o.value === next) ?? null;
        setChosen(picked);
        binding.setValue(picked?.label ?? '');
      }}
      clearable
      clearButtonProps={{ 'aria-label': 'Clear the address' }}
      nothingFoundMessage={typed.length < ADDRESS_LOOKUP_MIN_CHARS ? ADDRESS_HINT : loading ? 'Looking up…' : 'No address matches'}
      maxDropdownHeight={280}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
