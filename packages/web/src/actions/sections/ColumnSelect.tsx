import { Select } from '@mantine/core';

interface ColumnSelectProps {
  columns: readonly string[];
  value: string;
  onChange: (column: string) => void;
  name: string;
  placeholder?: string;
  width?: number;
}

/** A column of the chosen table; a column the table no longer has shows as an error. */
export function ColumnSelect({ columns, value, onChange, name, placeholder = 'Column', width = 150 }: ColumnSelectProps) {
  const data = value !== '' && !columns.includes(value) ? [...columns, value] : [...columns];
  return (
    <Select
      size="xs"
      w={width}
      aria-label={name}
      placeholder={placeholder}
      data={data}
      value={value === '' ? null : value}
      error={value !== '' && !columns.includes(value)}
      allowDeselect={false}
      searchable
      onChange={(next) => onChange(next ?? '')}
    />
  );
}
