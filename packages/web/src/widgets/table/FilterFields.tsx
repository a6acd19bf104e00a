import { Button, Group, Input, Select, Stack, TextInput } from '@mantine/core';
import { type FilterValue, isIntervalFilter } from '@rakit/core';
import { type Dispatch, type SetStateAction, useEffect, useRef, useState } from 'react';
import type { TableContent } from '../../api/client';
import { useT } from '../../i18n/LanguageProvider';
import { useValueFormats } from '../shared/use-value-formats';
import { boundShown, readBound } from '../shared/value-formats';

export type Filters = Record<string, FilterValue>;

const boundText = (value: FilterValue | undefined, bound: 'min' | 'max'): string => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return '';
  const v = value[bound];
  return v === undefined || v === null ? '' : String(v);
};

/**
 * What was typed in a min or max field, kept while it is the field's value: `sent` is the bound
 * the filter held once it was typed (what it read as, or what it was before when it read as
 * nothing). When the filter's bound is another (cleared, restored), the field shows that bound.
 */
export interface Typed {
  text: string;
  sent: string;
  /** Left (blurred) since: a text that reads as nothing is said wrong then, not halfway through typing "1.000". */
  left: boolean;
}

export interface FilterFieldsProps {
  filters: TableContent['possibleFilters'];
  value: Filters;
  onChange: (next: Filters) => void;
  count: number;
  /** The select whose list is open (Escape closes it, not the popover). */
  openSelect: string | null;
  setOpenSelect: Dispatch<SetStateAction<string | null>>;
  /** Kept by the button, so what was typed survives closing the popover. */
  typed: Readonly<Record<string, Typed>>;
  setTyped: Dispatch<SetStateAction<Readonly<Record<string, Typed>>>>;
}

/**
 * The popover's fields (FiltersButton), fetched when it first opens. The popover's focus trap
 * ran before they arrived, so the first field takes the focus when they do: in a timer, after
 * the popover has noted where the focus came from (its effect runs after this one). Taken at
 * once, the popover noted the field, and closing it returned the focus nowhere; with motion
 * reduced, the fields mount in the same render as the popover.
 */
export function FilterFields({ filters, value, onChange, count, openSelect, setOpenSelect, typed, setTyped }: FilterFieldsProps) {
  const t = useT();
  const { formats } = useValueFormats();
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const timer = setTimeout(() => {
      const fields = root.current;
      if (fields !== null && !fields.contains(document.activeElement)) fields.querySelector<HTMLElement>('input, button')?.focus();
    });
    return () => clearTimeout(timer);
  }, []);
  const set = (field: string, next: FilterValue) => onChange({ ...value, [field]: next });
  return (
    <Stack gap="xs" ref={root}>
      {filters.map((filter) => {
        const name = filter.column === '' ? filter.field : filter.column;
        const current = value[filter.field];
        if (isIntervalFilter(filter.type)) {
          // What is typed is read in the reader's catalog ("1.000" is 1000 in Indonesian) and
          // sent as a number or an ISO date; what reads as neither is shown wrong, not sent.
          const field = (which: 'min' | 'max') => {
            const sent = boundText(current, which);
            const key = `${filter.field}\u0000${which}`;
            const own = typed[key];
            const mine = own !== undefined && own.sent === sent ? own : undefined;
            const text = mine === undefined ? boundShown(sent, formats) : mine.text;
            return {
              value: text,
              error: mine?.left === true && !readBound(text, formats).ok ? t('datawidgets.table.filterBoundInvalid') : undefined,
              onBlur: () => { if (mine !== undefined) setTyped((was) => ({ ...was, [key]: { ...mine, left: true } })); },
              onChange: (next: string) => {
                const read = readBound(next, formats);
                const bound = read.ok ? read.bound : sent;
                setTyped((was) => ({ ...was, [key]: { text: next, sent: bound, left: false } }));
                if (read.ok && bound !== sent) set(filter.field, { min: boundText(current, 'min'), max: boundText(current, 'max'), [which]: bound });
              },
            };
          };
          const min = field('min');
          const max = field('max');
          return (
            <Stack key={filter.field} gap={4}>
              <Input.Label size="xs">{name}</Input.Label>
              <Group gap={6} grow align="flex-start">
                <TextInput
                  size="xs" aria-label={t('datawidgets.table.filterMinOf', { name })} placeholder={t('datawidgets.table.filterMin')}
                  value={min.value} error={min.error} onBlur={min.onBlur} onChange={(e) => min.onChange(e.currentTarget.value)}
                />
                <TextInput
                  size="xs" aria-label={t('datawidgets.table.filterMaxOf', { name })} placeholder={t('datawidgets.table.filterMax')}
                  value={max.value} error={max.error} onBlur={max.onBlur} onChange={(e) => max.onChange(e.currentTarget.value)}
                />
              </Group>
            </Stack>
          );
        }
        const options = [...new Set(filter.options.map((o) => String(o ?? '')))].filter((o) => o !== '');
        return (
          <FilterSelect
            key={filter.field}
            name={name}
            options={options}
            value={typeof current === 'string' || typeof current === 'number' ? String(current) : null}
            open={openSelect === filter.field}
            onOpenChange={(open) => setOpenSelect((was) => (open ? filter.field : was === filter.field ? null : was))}
            onChange={(next) => set(filter.field, next ?? '')}
          />
        );
      })}
      {/* Shown disabled but kept focusable: disabling the focused button dropped the focus out of the popover. */}
      <Button size="xs" variant="subtle" data-disabled={count === 0} aria-disabled={count === 0} onClick={() => { if (count > 0) onChange({}); }}>
        {t('datawidgets.table.clearFilters')}
      </Button>
    </Stack>
  );
}

/** Room between a field and its list, and between the list and the next field (px). */
const LIST_GAP = 4;

interface FilterSelectProps {
  name: string;
  options: readonly string[];
  value: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChange: (next: string | null) => void;
}

/**
 * One select filter. Its list opens below the field, never flipped over it, and while it is open
 * the field's box grows by the list's height (measured, as searching shortens it), so the list
 * sits in room of its own instead of over what follows.
 */
function FilterSelect({ name, options, value, open, onOpenChange, onChange }: FilterSelectProps) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState(0);
  useEffect(() => {
    const root = box.current;
    if (!open || root === null) {
      setRoom(0);
      return undefined;
    }
    const sizes = new ResizeObserver(() => measure());
    const measure = () => {
      const list = root.querySelector<HTMLElement>('.mantine-Select-dropdown');
      setRoom(list === null ? 0 : list.offsetHeight + LIST_GAP);
      if (list !== null) sizes.observe(list);
    };
    const mounts = new MutationObserver(measure);
    mounts.observe(root, { childList: true, subtree: true });
    measure();
    return () => {
      sizes.disconnect();
      mounts.disconnect();
    };
  }, [open]);
  return (
    <div ref={box} style={{ paddingBottom: room }}>
      <Select
        size="xs"
        label={name}
        placeholder={t('datawidgets.table.filterAll')}
        data={options}
        value={value}
        searchable
        clearable
        openOnFocus={false}
        maxDropdownHeight={200}
        onDropdownOpen={() => onOpenChange(true)}
        onDropdownClose={() => onOpenChange(false)}
        comboboxProps={{ withinPortal: false, position: 'bottom', offset: LIST_GAP, middlewares: { flip: false, shift: false } }}
        onChange={onChange}
      />
    </div>
  );
}
