import { IconCalendar } from '@tabler/icons-react';
import { lazyFace } from '../lazy-face';
import type { WidgetDefinition } from '../types';

export const datetimeWidget: WidgetDefinition<'datetime'> = { type: 'datetime', icon: IconCalendar, Live: lazyFace(() => import('./Live').then((m) => m.DatetimeLive)), Config: lazyFace(() => import('./Config').then((m) => m.DatetimeConfig)) };
