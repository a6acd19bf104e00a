import { IconChartBar } from '@tabler/icons-react';
import { lazyFace } from '../lazy-face';
import type { WidgetDefinition } from '../types';

export const chartWidget: WidgetDefinition<'chart'> = { type: 'chart', icon: IconChartBar, Live: lazyFace(() => import('./Live').then((m) => m.ChartLive)), Config: lazyFace(() => import('./Config').then((m) => m.ChartConfig)) };
