import { Select } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { type CurrentApp, CurrentAppContext } from '../../current-app/app-context';
import { useT } from '../../i18n/LanguageProvider';
import type { FieldBinding } from '../../page-state/form-state';
import { fieldFrame, placeholderOf, valueText } from './field-frame';
import type { ComponentBaseValues, FormFieldValues } from '@rakit/core';
import { type KeptChoice, type LookupAnswer, lookUpKept } from '../../offline/kept-lookups';

/** One offered entry of a server lookup: `value` tells entries apart, `label` is what a person reads. */
export type LookupChoice = KeptChoice;

/**
 * A lookup of the current application (`kind`: 'address', 'school') whose answers stay on the
 * device (issue 38): `ask` asks the server for the typed text (null: refused). Null outside an application.
 */
export function useKeptLookUp(kind: string, ask: (current: CurrentApp, typed: string) => Promise<KeptChoice[] | null>): ((typed: string) => Promise<LookupAnswer>) | null {
  const current = useContext(CurrentAppContext);
  const queryClient = useQueryClient();
  const lookUp = useCallback(
    (typed: string) => (current === null ? Promise.resolve({ choices: [], fromDevice: false }) : lookUpKept(queryClient, ['lookup', current.app.appId, kind], typed, () => ask(current, typed))),
    // `ask` is the widget's own fixed function: the lookup changes with the application only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [current, queryClient, kind],
  );
  return current === null ? null : lookUp;
}

/** How long typing rests before the lookup is made. */
const LOOKUP_DELAY_MS = 300;

interface LookupSelectProps {
  component: Pick<ComponentBaseValues & FormFieldValues, 'title' | 'required' | 'disabled' | 'placeholder'>;
  binding: FieldBinding;
  /** Characters typed before the first lookup. */
  minChars: number;
  /** Under the label: when the lookup starts and what it searches. */
  hint: string;
  defaultPlaceholder: string;
  nothingFound: string;
  clearLabel: string;
  /** Asks the server (or, offline, what was looked up before); a failure answers an empty list (spec 3 §8). */
  lookUp: ((typed: string) => Promise<LookupAnswer>) | null;
  /** The field's value is the entry's `value` (a key) or its `label` (its text). */
  keeps: 'value' | 'label';
}

/**
 * An autocomplete over a server lookup (the address and school searches of spec 3): looked up
 * once `minChars` are typed and typing rests, only an offered entry can be chosen, the chosen
 * one stays offered so the field shows it.
 */
export function LookupSelect({ component, binding, minChars, hint, defaultPlaceholder, nothingFound, clearLabel, lookUp, keeps }: LookupSelectProps) {
  const value = valueText(binding.value);
  const t = useT();
  const [search, setSearch] = useState('');
  const [options, setOptions] = useState<LookupChoice[]>([]);
  const [chosen, setChosen] = useState<LookupChoice | null>(null);
  const [loading, setLoading] = useState(false);
  const [fromDevice, setFromDevice] = useState(false);
  const asked = useRef(0);

  const typed = search.trim();
  const looksUp = lookUp !== null && typed.length >= minChars && typed !== chosen?.label;
  useEffect(() => {
    if (!looksUp || lookUp === null) return undefined;
    const turn = ++asked.current;
    const timer = setTimeout(() => {
      setLoading(true);
      lookUp(typed).catch((): LookupAnswer => ({ choices: [], fromDevice: false })).then((found) => {
        if (turn !== asked.current) return;
        setOptions(found.choices);
        setFromDevice(found.fromDevice);
        setLoading(false);
      });
    }, LOOKUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [looksUp, typed, lookUp]);

  const held: LookupChoice | null = chosen !== null && chosen[keeps] === value ? chosen : value === '' ? null : { value, label: value };
  const shown = looksUp ? options : [];
  const data = held === null || shown.some((o) => o.value === held.value) ? shown : [held, ...shown];
  return (
    <Select
      {...fieldFrame(component, binding)}
      description={looksUp && fromDevice ? t('shell.offline.lookupFromDevice') : hint}
      placeholder={placeholderOf(component) ?? defaultPlaceholder}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      data={data}
      value={held?.value ?? null}
      onChange={(next) => {
        const picked = data.find((o) => o.value === next) ?? null;
        setChosen(picked);
        binding.setValue(picked === null ? '' : picked[keeps]);
      }}
      clearable
      clearButtonProps={{ 'aria-label': clearLabel }}
      nothingFoundMessage={typed.length < minChars ? hint : loading ? t('datawidgets.shared.lookingUp') : fromDevice ? t('shell.offline.lookupNotKept') : nothingFound}
      maxDropdownHeight={280}
    />
  );
}
