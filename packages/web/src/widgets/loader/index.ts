import { IconDatabaseImport } from '@tabler/icons-react';
import type { WidgetDefinition } from '../types';
import { LoaderConfig } from './Config';
import { LoaderLive } from './Live';

export const loaderWidget: WidgetDefinition<'loader'> = { type: 'loader', label: 'Loader', icon: IconDatabaseImport, Live: LoaderLive, Config: LoaderConfig };
