import { IconLayoutKanban } from '@tabler/icons-react';
import type { WidgetDefinition } from '../types';
import { KanbanConfig } from './Config';
import { KanbanLive } from './Live';

export const kanbanWidget: WidgetDefinition<'kanban'> = { type: 'kanban', label: 'Kanban', icon: IconLayoutKanban, Live: KanbanLive, Config: KanbanConfig };
