import { IconQrcode } from '@tabler/icons-react';
import { lazyFace } from '../lazy-face';
import type { WidgetDefinition } from '../types';

export const qrcodeReaderWidget: WidgetDefinition<'qrcodeReader'> = { type: 'qrcodeReader', icon: IconQrcode, Live: lazyFace(() => import('./Live').then((m) => m.QrcodeReaderLive)), Config: lazyFace(() => import('./Config').then((m) => m.QrcodeReaderConfig)) };
