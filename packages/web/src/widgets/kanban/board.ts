import type { Component } from '@rakit/core';

export interface KanbanGroup {
  name: string;
  value: string;
}
export type FieldMap = Partial<Record<'compared' | 'title' | 'description' | 'tag' | 'label', string>>;

export const groupsOf = (component: Component): KanbanGroup[] => (Array.isArray(component.groups) ? (component.groups as KanbanGroup[]) : []);
export const fieldMapOf = (component: Component): FieldMap => (typeof component.fieldMap === 'object' && component.fieldMap !== null ? component.fieldMap as FieldMap : {});

