import { Button, Loader, Popover } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { TableContent } from '../../api/client';
import { useT } from '../../i18n/LanguageProvider';
import { lazyModule } from '../../components/lazy-module';
import type { Filters, Typed } from './FilterFields';

/** The fields come with the button's focus or a pointer over it: a member's first load does not carry the selects (issue 35's budget). */
const filterFields = lazyModule(() => import('./FilterFields'));

interface FiltersButtonProps {
  filters: TableContent['possibleFilters'];
  value: Filters;
  onChange: (next: Filters) => void;
}

const activeCount = (value: Filters): number => Object.values(value).filter((v) => {
  if (v === null || v === '') return false;
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === 'object') return (v.min ?? '') !== '' || (v.max ?? '') !== '';
  return true;
}).length;

/**
 * Whether a filter's own list is shown in the popover (drawn inside it; a closed one may stay in
 * the page, hidden): Escape is then the list's.
 * Read from the page, not only from the state its opening set: under load a key can come before
 * that state's render, and the popover closed with the list.
 */
const listOpenIn = (dropdown: Element | null): boolean =>
  dropdown !== null && [...dropdown.querySelectorAll('[role="listbox"]')].some((list) => list.getClientRects().length > 0);

/**
 * 'Filters': a select per select filter (the server's values), min and max per interval filter.
 * Nothing opens by itself: the first select waits for a click. An open select's list takes room
 * in the popover, below its field, so it never covers 'Clear filters' or the next filter. Escape
 * closes the open select only; with none open, the popover.
 */
export function FiltersButton({ filters, value, onChange }: FiltersButtonProps) {
  const t = useT();
  const count = activeCount(value);
  const [opened, setOpened] = useState(false);
  const [openSelect, setOpenSelect] = useState<string | null>(null);
  const [typed, setTyped] = useState<Readonly<Record<string, Typed>>>({});
  const fields = filterFields.useModule(opened);
  const dropdown = useRef<HTMLDivElement>(null);
  // Escape closes the filters when the focus was lost to the page: a table that reloads under a
  // slow connection can take it out of the popover, where the dropdown's own handler never hears
  // the key. Anywhere else (a field's own list, a date picker) the layers close one by one.
  useEffect(() => {
    if (!opened) return undefined;
    const close = (event: KeyboardEvent) => {
      const lost = event.target === document.body || event.target === document.documentElement;
      if (event.key === 'Escape' && openSelect === null && lost && !listOpenIn(dropdown.current)) setOpened(false);
    };
    window.addEventListener('keydown', close);
    return () => window.removeEventListener('keydown', close);
  }, [opened, openSelect]);
  return (
    <Popover
      width={300}
      position="bottom-start"
      shadow="md"
      trapFocus
      returnFocus
      opened={opened}
      onChange={setOpened}
      closeOnEscape={false}
      onClose={() => setOpenSelect(null)}
    >
      <Popover.Target>
        <Button variant="default" size="sm" leftSection={<IconFilter size={16} />} onPointerEnter={filterFields.preload} onFocus={filterFields.preload} onClick={() => setOpened((o) => !o)}>
          {count > 0 ? t('datawidgets.table.filtersCount', { count: String(count) }) : t('datawidgets.table.filters')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown
        ref={dropdown}
        onKeyDownCapture={(event) => {
          // Read before the select handles the key: its Escape closes its list, not the popover.
          if (event.key === 'Escape' && openSelect === null && !listOpenIn(event.currentTarget)) setOpened(false);
        }}
      >
        {fields === null ? <Loader size="xs" /> : (
          <fields.FilterFields
            filters={filters} value={value} onChange={onChange} count={count}
            openSelect={openSelect} setOpenSelect={setOpenSelect} typed={typed} setTyped={setTyped}
          />
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
