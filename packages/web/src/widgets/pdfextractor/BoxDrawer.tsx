import { Button, Group, Loader, Modal, Text } from '@mantine/core';
import { pdfTemplateCalls } from '@rakit/core';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { useCurrentApp } from '../../current-app/app-context';
import { useT } from '../../i18n/LanguageProvider';

/** A box in PDF points from the page's top-left corner. */
export interface PointBox { x: number; y: number; width: number; height: number }

/** The rendered page's width on screen; points are scaled to it. */
const SHOWN_WIDTH = 520;

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * The sample's page rendered with pdfjs-dist (its worker a file of Rakit's own, eval off, no
 * fonts or files fetched), on which the author drags a box: the box is kept in points of the
 * page, so it fits any PDF of the same layout whatever the zoom.
 */
export function BoxDrawer({ templateId, page, box, opened, onClose, onDrawn }: {
  templateId: number; page: number; box: PointBox; opened: boolean; onClose: () => void; onDrawn: (box: PointBox) => void;
}) {
  const t = useT();
  const { api } = useCurrentApp();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [scale, setScale] = useState<number | null>(null);
  /** What went wrong showing the sample: pdf.js's own words, or null (none given) for ours. */
  const [failure, setFailure] = useState<{ detail: string | null } | null>(null);
  const [drawn, setDrawn] = useState<PointBox>(box);
  const start = useRef<{ x: number; y: number } | null>(null);

  useEffect(() => {
    if (!opened) return;
    let cancelled = false;
    void (async () => {
      try {
        const [pdfjs, worker, bytes] = await Promise.all([
          import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url'), api.download(pdfTemplateCalls.getPdfTemplateSample, { params: { id: templateId } }).then((sample) => sample.arrayBuffer()),
        ]);
        pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
        const document = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, enableXfa: false, useSystemFonts: false }).promise;
        const pdfPage = await document.getPage(Math.min(page, document.numPages));
        const fit = SHOWN_WIDTH / pdfPage.getViewport({ scale: 1 }).width;
        const viewport = pdfPage.getViewport({ scale: fit });
        const target = canvas.current;
        if (cancelled || target === null) return;
        target.width = Math.floor(viewport.width);
        target.height = Math.floor(viewport.height);
        await pdfPage.render({ canvas: target, viewport }).promise;
        if (!cancelled) setScale(fit);
        await document.destroy();
      } catch (error) {
        if (!cancelled) setFailure({ detail: error instanceof Error ? error.message : null });
      }
    })();
    return () => { cancelled = true; };
  }, [api, opened, page, templateId]);

  const pointOf = (event: PointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: (event.clientX - rect.left) / (scale ?? 1), y: (event.clientY - rect.top) / (scale ?? 1) };
  };
  const track = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current === null) return;
    const to = pointOf(event);
    const from = start.current;
    setDrawn({ x: round(Math.min(from.x, to.x)), y: round(Math.min(from.y, to.y)), width: round(Math.abs(to.x - from.x)), height: round(Math.abs(to.y - from.y)) });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('formwidgets.pdfextractor.drawTitle', { page: String(page) })} size={560 + 40}>
      {failure === null ? null : <Text c="red" size="sm">{failure.detail ?? t('formwidgets.pdfextractor.sampleNotShown')}</Text>}
      {scale === null && failure === null ? <Loader size="sm" /> : null}
      <div
        data-testid="pdf-box-canvas"
        style={{ position: 'relative', width: SHOWN_WIDTH, cursor: 'crosshair', touchAction: 'none', userSelect: 'none' }}
        onPointerDown={(event) => { event.currentTarget.setPointerCapture(event.pointerId); start.current = pointOf(event); }}
        onPointerMove={track}
        onPointerUp={(event) => { track(event); start.current = null; }}
      >
        <canvas ref={canvas} style={{ display: 'block', border: '1px solid var(--mantine-color-gray-4)' }} />
        {scale === null ? null : (
          <div style={{
            position: 'absolute', left: drawn.x * scale, top: drawn.y * scale, width: drawn.width * scale, height: drawn.height * scale,
            border: '2px solid var(--mantine-color-blue-6)', background: 'rgba(34, 139, 230, 0.15)', pointerEvents: 'none',
          }} />
        )}
      </div>
      <Group justify="space-between" mt="sm">
        <Text size="xs" c="dimmed">{t('formwidgets.pdfextractor.drawn', { x: String(drawn.x), y: String(drawn.y), width: String(drawn.width), height: String(drawn.height) })}</Text>
        <Button size="xs" disabled={drawn.width <= 0 || drawn.height <= 0} onClick={() => onDrawn(drawn)}>{t('formwidgets.pdfextractor.useBox')}</Button>
      </Group>
    </Modal>
  );
}
