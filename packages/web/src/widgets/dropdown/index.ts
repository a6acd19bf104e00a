import { IconSelector } from '@tabler/icons-react';
import type { WidgetDefinition } from '../types';
import { DropdownConfig } from './Config';
import { DropdownLive } from './Live';

export const dropdownWidget: WidgetDefinition<'dropdown'> = { type: 'dropdown', label: 'Dropdown', icon: IconSelector, Live: DropdownLive, Config: DropdownConfig };
