import { IconBarcode } from '@tabler/icons-react';
import { lazyFace } from '../lazy-face';
import type { WidgetDefinition } from '../types';

export const barcodeWidget: WidgetDefinition<'barcode'> = { type: 'barcode', icon: IconBarcode, Live: lazyFace(() => import('./Live').then((m) => m.BarcodeLive)), Config: lazyFace(() => import('./Config').then((m) => m.BarcodeConfig)) };
