import { IconCheckbox } from '@tabler/icons-react';
import type { WidgetDefinition } from '../types';
import { CheckboxConfig } from './Config';
import { CheckboxLive } from './Live';

export const checkboxWidget: WidgetDefinition<'checkbox'> = { type: 'checkbox', label: 'Checkbox', icon: IconCheckbox, Live: CheckboxLive, Config: CheckboxConfig };
