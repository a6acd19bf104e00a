import { IconTable } from '@tabler/icons-react';
import type { WidgetDefinition } from '../types';
import { TableConfig } from './Config';
import { TableLive } from './Live';

export const tableWidget: WidgetDefinition<'table'> = { type: 'table', label: 'Table', icon: IconTable, Live: TableLive, Config: TableConfig };
