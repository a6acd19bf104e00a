import { Select } from '@mantine/core';
import { useT } from '../../i18n/LanguageProvider';

interface ColumnSelectProps {
  columns: readonly string[];
  value: string;
  onChange: (column: string) => void;
  name: string;
  placeholder?: string;
  /** Fixed width in px; 'grow' fills what its row leaves. */
  width?: number | 'grow';
}

/** A column of the chosen table; a column the table no longer has shows as an error. */
export function ColumnSelect({ columns, value, onChange, name, placeholder, width = 150 }: ColumnSelectProps) {
  const t = useT();
  const data = value !== '' && !columns.includes(value) ? [...columns, value] : [...columns];
  return (
    <Select
      size="xs"
      w={width === 'grow' ? undefined : width}
      flex={width === 'grow' ? 1 : undefined}
      miw={0}
      aria-label={name}
      placeholder={placeholder ?? t('actions.query.column')}
      data={data}
      value={value === '' ? null : value}
      error={value !== '' && !columns.includes(value)}
      allowDeselect={false}
      searchable
      onChange={(next) => onChange(next ?? '')}
    />
  );
}
