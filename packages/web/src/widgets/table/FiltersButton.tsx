import { Button, Group, Popover, Select, Stack, Text, TextInput } from '@mantine/core';
import { type FilterValue, isIntervalFilter } from '@rakit/core';
import { IconFilter } from '@tabler/icons-react';
import type { TableContent } from '../../api/client';

type Filters = Record<string, FilterValue>;

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

const boundText = (value: FilterValue | undefined, bound: 'min' | 'max'): string => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return '';
  const v = value[bound];
  return v === undefined || v === null ? '' : String(v);
};

/** 'Filters': a select per select filter (the server's values), min and max per interval filter. */
export function FiltersButton({ filters, value, onChange }: FiltersButtonProps) {
  const count = activeCount(value);
  const set = (field: string, next: FilterValue) => onChange({ ...value, [field]: next });
  return (
    <Popover width={300} position="bottom-start" shadow="md" trapFocus>
      <Popover.Target>
        <Button variant="default" size="sm" leftSection={<IconFilter size={16} />}>Filters{count > 0 ? ` (${count})` : ''}</Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          {filters.map((filter) => {
            const name = filter.column === '' ? filter.field : filter.column;
            const current = value[filter.field];
            if (isIntervalFilter(filter.type)) {
              const bound = (which: 'min' | 'max', text: string) =>
                set(filter.field, { min: boundText(current, 'min'), max: boundText(current, 'max'), [which]: text });
              return (
                <Stack key={filter.field} gap={4}>
                  <Text size="sm" fw={500}>{name}</Text>
                  <Group gap={6} grow>
                    <TextInput size="xs" aria-label={`${name} min`} placeholder="Min" value={boundText(current, 'min')} onChange={(e) => bound('min', e.currentTarget.value)} />
                    <TextInput size="xs" aria-label={`${name} max`} placeholder="Max" value={boundText(current, 'max')} onChange={(e) => bound('max', e.currentTarget.value)} />
                  </Group>
                </Stack>
              );
            }
            const options = [...new Set(filter.options.map((o) => String(o ?? '')))].filter((o) => o !== '');
            return (
              <Select
                key={filter.field}
                size="xs"
                label={name}
                placeholder="All"
                data={options}
                value={typeof current === 'string' || typeof current === 'number' ? String(current) : null}
                searchable
                clearable
                comboboxProps={{ withinPortal: false }}
                onChange={(next) => set(filter.field, next ?? '')}
              />
            );
          })}
          <Button size="xs" variant="subtle" disabled={count === 0} onClick={() => onChange({})}>Clear filters</Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
