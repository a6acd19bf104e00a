import { IconCheckbox } from '@tabler/icons-react';
import { lazyFace } from '../lazy-face';
import type { WidgetDefinition } from '../types';

export const checkboxWidget: WidgetDefinition<'checkbox'> = { type: 'checkbox', icon: IconCheckbox, Live: lazyFace(() => import('./Live').then((m) => m.CheckboxLive)), Config: lazyFace(() => import('./Config').then((m) => m.CheckboxConfig)) };
