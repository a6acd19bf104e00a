import { IconToggleRight } from '@tabler/icons-react';
import { lazyFace } from '../lazy-face';
import type { WidgetDefinition } from '../types';

export const toggleWidget: WidgetDefinition<'toggle'> = { type: 'toggle', icon: IconToggleRight, Live: lazyFace(() => import('./Live').then((m) => m.ToggleLive)), Config: lazyFace(() => import('./Config').then((m) => m.ToggleConfig)) };
