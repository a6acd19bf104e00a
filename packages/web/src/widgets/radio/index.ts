import { IconCircleDot } from '@tabler/icons-react';
import { lazyFace } from '../lazy-face';
import type { WidgetDefinition } from '../types';

export const radioWidget: WidgetDefinition<'radio'> = { type: 'radio', icon: IconCircleDot, Live: lazyFace(() => import('./Live').then((m) => m.RadioLive)), Config: lazyFace(() => import('./Config').then((m) => m.RadioConfig)) };
