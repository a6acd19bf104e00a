import { IconCircleDot } from '@tabler/icons-react';
import type { WidgetDefinition } from '../types';
import { RadioConfig } from './Config';
import { RadioLive } from './Live';

export const radioWidget: WidgetDefinition<'radio'> = { type: 'radio', label: 'Radio', icon: IconCircleDot, Live: RadioLive, Config: RadioConfig };
