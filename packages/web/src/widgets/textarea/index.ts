import { IconAlignLeft } from '@tabler/icons-react';
import type { WidgetDefinition } from '../types';
import { TextareaConfig } from './Config';
import { TextareaLive } from './Live';

export const textareaWidget: WidgetDefinition<'textarea'> = { type: 'textarea', label: 'Textarea', icon: IconAlignLeft, Live: TextareaLive, Config: TextareaConfig };
