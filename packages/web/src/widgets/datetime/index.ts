import { IconCalendar } from '@tabler/icons-react';
import type { WidgetDefinition } from '../types';
import { DatetimeConfig } from './Config';
import { DatetimeLive } from './Live';

export const datetimeWidget: WidgetDefinition<'datetime'> = { type: 'datetime', label: 'Date Picker', icon: IconCalendar, Live: DatetimeLive, Config: DatetimeConfig };
