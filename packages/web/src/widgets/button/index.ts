import { IconClick } from '@tabler/icons-react';
import type { WidgetDefinition } from '../types';
import { ButtonConfig } from './Config';
import { ButtonLive } from './Live';

export const buttonWidget: WidgetDefinition<'button'> = { type: 'button', label: 'Button', icon: IconClick, Live: ButtonLive, Config: ButtonConfig };
