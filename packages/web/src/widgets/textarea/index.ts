import { IconAlignLeft } from '@tabler/icons-react';
import { lazyFace } from '../lazy-face';
import type { WidgetDefinition } from '../types';

export const textareaWidget: WidgetDefinition<'textarea'> = { type: 'textarea', icon: IconAlignLeft, Live: lazyFace(() => import('./Live').then((m) => m.TextareaLive)), Config: lazyFace(() => import('./Config').then((m) => m.TextareaConfig)) };
