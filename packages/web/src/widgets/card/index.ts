import { IconLayoutCards } from '@tabler/icons-react';
import { lazyFace } from '../lazy-face';
import type { WidgetDefinition } from '../types';

export const cardWidget: WidgetDefinition<'card'> = { type: 'card', icon: IconLayoutCards, Live: lazyFace(() => import('./Live').then((m) => m.CardLive)), Config: lazyFace(() => import('./Config').then((m) => m.CardConfig)) };
