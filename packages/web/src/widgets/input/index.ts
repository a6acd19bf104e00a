import { IconForms } from '@tabler/icons-react';
import type { WidgetDefinition } from '../types';
import { InputConfig } from './Config';
import { InputLive } from './Live';

export const inputWidget: WidgetDefinition<'input'> = { type: 'input', label: 'Text Input', icon: IconForms, Live: InputLive, Config: InputConfig };
