import { IconBuildingCommunity } from '@tabler/icons-react';
import { lazyFace } from '../lazy-face';
import type { WidgetDefinition } from '../types';

export const schooladdressWidget: WidgetDefinition<'schooladdress'> = { type: 'schooladdress', icon: IconBuildingCommunity, Live: lazyFace(() => import('./Live').then((m) => m.SchooladdressLive)), Config: lazyFace(() => import('./Config').then((m) => m.SchooladdressConfig)) };
