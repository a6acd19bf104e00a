import { IconLayoutCards } from '@tabler/icons-react';
import type { WidgetDefinition } from '../types';
import { CardConfig } from './Config';
import { CardLive } from './Live';

export const cardWidget: WidgetDefinition<'card'> = { type: 'card', label: 'Card', icon: IconLayoutCards, Live: CardLive, Config: CardConfig };
