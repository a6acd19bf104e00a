import { IconTable } from '@tabler/icons-react';
import { lazyFace } from '../lazy-face';
import type { WidgetDefinition } from '../types';
// The table is the runtime's most common widget: its face comes with the viewer, not on demand.
import { TableLive } from './Live';

export const tableWidget: WidgetDefinition<'table'> = { type: 'table', icon: IconTable, Live: TableLive, Config: lazyFace(() => import('./Config').then((m) => m.TableConfig)) };
