import { IconTypography } from '@tabler/icons-react';
import { lazyFace } from '../lazy-face';
import type { WidgetDefinition } from '../types';

export const textWidget: WidgetDefinition<'text'> = { type: 'text', icon: IconTypography, Live: lazyFace(() => import('./Live').then((m) => m.TextLive)), Config: lazyFace(() => import('./Config').then((m) => m.TextConfig)) };
