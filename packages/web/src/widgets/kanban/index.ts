import { IconLayoutKanban } from '@tabler/icons-react';
import { lazyFace } from '../lazy-face';
import type { WidgetDefinition } from '../types';

export const kanbanWidget: WidgetDefinition<'kanban'> = { type: 'kanban', icon: IconLayoutKanban, Live: lazyFace(() => import('./Live').then((m) => m.KanbanLive)), Config: lazyFace(() => import('./Config').then((m) => m.KanbanConfig)) };
