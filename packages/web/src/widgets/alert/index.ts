import { IconAlertSquareRounded } from '@tabler/icons-react';
import type { WidgetDefinition } from '../types';
import { AlertConfig } from './Config';
import { AlertLive } from './Live';

export const alertWidget: WidgetDefinition<'alert'> = { type: 'alert', label: 'Alert', icon: IconAlertSquareRounded, Live: AlertLive, Config: AlertConfig };
