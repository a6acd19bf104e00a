import { IconUpload } from '@tabler/icons-react';
import { lazyFace } from '../lazy-face';
import type { WidgetDefinition } from '../types';

export const fileuploadWidget: WidgetDefinition<'fileupload'> = { type: 'fileupload', icon: IconUpload, Live: lazyFace(() => import('./Live').then((m) => m.FileuploadLive)), Config: lazyFace(() => import('./Config').then((m) => m.FileuploadConfig)) };
