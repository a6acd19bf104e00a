import type { WidgetComponent } from '@rakit/core';

type Kanban = WidgetComponent<'kanban'>;
export type KanbanGroup = Kanban['groups'][number];
export type FieldMap = Kanban['fieldMap'];

