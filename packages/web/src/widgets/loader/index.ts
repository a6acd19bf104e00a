import { IconDatabaseImport } from '@tabler/icons-react';
import { lazyFace } from '../lazy-face';
import type { WidgetDefinition } from '../types';

export const loaderWidget: WidgetDefinition<'loader'> = { type: 'loader', icon: IconDatabaseImport, Live: lazyFace(() => import('./Live').then((m) => m.LoaderLive)), Config: lazyFace(() => import('./Config').then((m) => m.LoaderConfig)) };
