import { IconSchool } from '@tabler/icons-react';
import { lazyFace } from '../lazy-face';
import type { WidgetDefinition } from '../types';

export const schoolWidget: WidgetDefinition<'school'> = { type: 'school', icon: IconSchool, Live: lazyFace(() => import('./Live').then((m) => m.SchoolLive)), Config: lazyFace(() => import('./Config').then((m) => m.SchoolConfig)) };
