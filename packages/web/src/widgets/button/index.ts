import { IconClick } from '@tabler/icons-react';
import { lazyFace } from '../lazy-face';
import type { WidgetDefinition } from '../types';

export const buttonWidget: WidgetDefinition<'button'> = { type: 'button', icon: IconClick, Live: lazyFace(() => import('./Live').then((m) => m.ButtonLive)), Config: lazyFace(() => import('./Config').then((m) => m.ButtonConfig)) };
