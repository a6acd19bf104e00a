import { IconChartBar } from '@tabler/icons-react';
import type { WidgetDefinition } from '../types';
import { ChartConfig } from './Config';
import { ChartLive } from './Live';

export const chartWidget: WidgetDefinition<'chart'> = { type: 'chart', label: 'Chart', icon: IconChartBar, Live: ChartLive, Config: ChartConfig };
