import { IconSelector } from '@tabler/icons-react';
import { lazyFace } from '../lazy-face';
import type { WidgetDefinition } from '../types';

export const dropdownWidget: WidgetDefinition<'dropdown'> = { type: 'dropdown', icon: IconSelector, Live: lazyFace(() => import('./Live').then((m) => m.DropdownLive)), Config: lazyFace(() => import('./Config').then((m) => m.DropdownConfig)) };
