import '@mantine/dates/styles.css';
import { toIsoDate } from '@rakit/core';
import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';

/** How dates are shown (spec 2 §2: day/month/year); the value itself stays an ISO date, YYYY-MM-DD. */
export const DATE_DISPLAY_FORMAT = 'DD/MM/YYYY';

/** A date picker over an ISO date text ('' when none), shown as day/month/year. */
export function DateField({ value, onChange, ...rest }: Omit<DatePickerInputProps<'default'>, 'value' | 'onChange' | 'type'> & { value: unknown; onChange: (iso: string) => void }) {
  return (
    <DatePickerInput
      {...rest}
      type="default"
      valueFormat={DATE_DISPLAY_FORMAT}
      leftSection={<IconCalendar size={16} />}
      clearable
      // Picking a day by keyboard closes the calendar: the focus goes back to the field (2.4.3).
      popoverProps={{ returnFocus: true }}
      value={toIsoDate(value)}
      onChange={(next) => onChange(toIsoDate(next) ?? '')}
    />
  );
}
