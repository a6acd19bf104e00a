import { IconTypography } from '@tabler/icons-react';
import type { WidgetDefinition } from '../types';
import { TextConfig } from './Config';
import { TextLive } from './Live';

export const textWidget: WidgetDefinition<'text'> = { type: 'text', label: 'Text', icon: IconTypography, Live: TextLive, Config: TextConfig };
