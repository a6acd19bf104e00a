import { IconForms } from '@tabler/icons-react';
import { lazyFace } from '../lazy-face';
import type { WidgetDefinition } from '../types';

export const inputWidget: WidgetDefinition<'input'> = { type: 'input', icon: IconForms, Live: lazyFace(() => import('./Live').then((m) => m.InputLive)), Config: lazyFace(() => import('./Config').then((m) => m.InputConfig)) };
