import { IconAlertSquareRounded } from '@tabler/icons-react';
import { lazyFace } from '../lazy-face';
import type { WidgetDefinition } from '../types';

export const alertWidget: WidgetDefinition<'alert'> = { type: 'alert', icon: IconAlertSquareRounded, Live: lazyFace(() => import('./Live').then((m) => m.AlertLive)), Config: lazyFace(() => import('./Config').then((m) => m.AlertConfig)) };
