import { IconMapPinSearch } from '@tabler/icons-react';
import { lazyFace } from '../lazy-face';
import type { WidgetDefinition } from '../types';

export const addressWidget: WidgetDefinition<'address'> = { type: 'address', icon: IconMapPinSearch, Live: lazyFace(() => import('./Live').then((m) => m.AddressLive)), Config: lazyFace(() => import('./Config').then((m) => m.AddressConfig)) };
