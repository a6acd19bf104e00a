import { Select } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n/LanguageProvider';
import type { FieldBinding } from '../../page-state/form-state';
import { fieldFrame, placeholderOf, valueText } from './field-frame';
import type { ComponentBaseValues, FormFieldValues } from '@rakit/core';

/** One offered entry of a server lookup: `value` tells entries apart, `label` is what a person reads. */
export interface LookupChoice { value: string; label: string }

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
  /** Asks the server; a failure answers an empty list (spec 3 §8). */
  lookUp: ((typed: string) => Promise<LookupChoice[]>) | null;
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
  const asked = useRef(0);

  const typed = search.trim();
  const looksUp = lookUp !== null && typed.length >= minChars && typed !== chosen?.label;
  useEffect(() => {
    if (!looksUp || lookUp === null) return undefined;
    const turn = ++asked.current;
    const timer = setTimeout(() => {
      setLoading(true);
      lookUp(typed).catch(() => []).then((found) => {
        if (turn !== asked.current) return;
        setOptions(found);
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
      description={hint}
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
      nothingFoundMessage={typed.length < minChars ? hint : loading ? t('datawidgets.shared.lookingUp') : nothingFound}
      maxDropdownHeight={280}
    />
  );
}
