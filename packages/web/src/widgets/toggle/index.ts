import { IconToggleRight } from '@tabler/icons-react';
import type { WidgetDefinition } from '../types';
import { ToggleConfig } from './Config';
import { ToggleLive } from './Live';

export const toggleWidget: WidgetDefinition<'toggle'> = { type: 'toggle', label: 'Switch', icon: IconToggleRight, Live: ToggleLive, Config: ToggleConfig };
