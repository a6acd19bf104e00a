import { IconFileTypePdf } from '@tabler/icons-react';
import { lazyFace } from '../lazy-face';
import type { WidgetDefinition } from '../types';

export const pdfextractorWidget: WidgetDefinition<'pdfextractor'> = {
  type: 'pdfextractor', icon: IconFileTypePdf,
  Live: lazyFace(() => import('./Live').then((m) => m.PdfextractorLive)),
  Config: lazyFace(() => import('./Config').then((m) => m.PdfextractorConfig)),
};
