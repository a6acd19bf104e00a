import { Alert, Box, Button, FileButton, Group, Stack, Text, TextInput } from '@mantine/core';
import type { LocalText, MessageKey } from '@rakit/core';
import { IconCameraOff, IconPhoto, IconQrcode } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n/LanguageProvider';
import { useFieldBinding } from '../../page-state/form-state';
import { fieldFrame, valueText } from '../shared/field-frame';
import type { WidgetLiveProps } from '../types';
import { qrDetector } from './detector';

/** After a code is decoded, its validity shows this long after the camera stops; the camera restarts as long after that (spec 3 "QR reader"). */
export const QR_STEP_MS = 500;
/** The performance measure of each camera frame's detect(). */
export const QR_DETECT_MEASURE = 'rakit-qr-detect';
/** How often a camera frame is read while none held a code. */
const FRAME_EVERY_MS = 150;

type QrState = 'pending' | 'success' | 'failure';

const STATE_TEXT: Record<QrState, MessageKey> = { pending: 'qrWaiting', success: 'qrFound', failure: 'qrNotFound' };
const STATE_COLOR: Record<QrState, string> = { pending: 'gray', success: 'green', failure: 'red' };

/** Why the camera did not open, in words a person can act on. */
function cameraProblem(error: unknown): LocalText {
  const name = error instanceof Error ? error.name : '';
  const secure = typeof window !== 'undefined' && window.isSecureContext;
  if (!secure || name === 'NotAllowedError' || name === 'SecurityError') return { key: 'formwidgets.qrcodeReader.cameraRefused' };
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return { key: 'formwidgets.qrcodeReader.noCameraFound' };
  return error instanceof Error && error.message !== ''
    ? { key: 'formwidgets.qrcodeReader.cameraFailedDetail', values: { detail: error.message } }
    : { key: 'formwidgets.qrcodeReader.cameraFailed' };
}

/**
 * The QR reader (spec 3 "QR reader"): a camera view read by the browser's BarcodeDetector (or the
 * ZXing WebAssembly ponyfill Rakit serves). On a decoded code the camera turns off; 0.5 s later
 * the validity shows (found when the text is non-empty) and the text becomes the widget's value;
 * 0.5 s after that the camera turns on again. When the camera is refused the reader says why and
 * a picture of the code can be chosen instead (offered always).
 */
export function QrcodeReaderLive({ component, mode }: WidgetLiveProps<'qrcodeReader'>) {
  const t = useT();
  const binding = useFieldBinding(component);
  const live = mode === 'preview' && !component.disabled;
  const [cameraOn, setCameraOn] = useState(true);
  const [state, setState] = useState<QrState>('pending');
  const [problem, setProblem] = useState<LocalText | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const timers = useRef<number[]>([]);
  const { setValue } = binding;

  useEffect(() => () => timers.current.forEach((timer) => window.clearTimeout(timer)), []);
  // The reader's code is fetched while the network is there (the service worker keeps it), so a
  // picture can be read offline even when the camera never opened (issue 38).
  useEffect(() => { if (live) void qrDetector().catch(() => undefined); }, [live]);

  const later = (ms: number, run: () => void) => { timers.current.push(window.setTimeout(run, ms)); };

  /** The steps after a read: camera off, validity after 0.5 s, camera on after another 0.5 s. */
  const decoded = useCallback((text: string | null, restartCamera: boolean) => {
    setCameraOn(false);
    setState('pending');
    later(QR_STEP_MS, () => {
      const found = text !== null && text !== '';
      if (found) setValue(text);
      setState(found ? 'success' : 'failure');
      if (restartCamera) later(QR_STEP_MS, () => setCameraOn(true));
    });
  }, [setValue]);

  useEffect(() => {
    if (!live || !cameraOn) return undefined;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer = 0;
    const element = video.current;
    const stop = () => stream?.getTracks().forEach((track) => track.stop());
    (async () => {
      if (navigator.mediaDevices?.getUserMedia === undefined) throw Object.assign(new Error('no camera API on this page'), { name: 'SecurityError' });
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      if (stopped || element === null) return stop();
      element.srcObject = stream;
      await element.play();
      setProblem(null);
      const detector = await qrDetector();
      const read = async () => {
        if (stopped) return;
        if (element.readyState >= element.HAVE_CURRENT_DATA && element.videoWidth > 0) {
          const began = performance.now();
          const codes = await detector.detect(element).catch((error: unknown) => { console.error('QR detection failed', error); return []; });
          // Read by bench/qr.ts (the decode time in Chromium); a measure costs nothing noticeable.
          performance.measure(QR_DETECT_MEASURE, { start: began, end: performance.now() });
          if (stopped) return;
          const first = codes[0];
          if (first !== undefined) return decoded(first.rawValue, true);
        }
        timer = window.setTimeout(() => void read(), FRAME_EVERY_MS);
      };
      await read();
    })().catch((error: unknown) => {
      console.error('The camera could not be used', error);
      if (!stopped) setProblem(cameraProblem(error));
    });
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stop();
      if (element !== null) element.srcObject = null;
    };
  }, [live, cameraOn, decoded]);

  async function readImage(file: File | null) {
    if (file === null) return;
    try {
      const detector = await qrDetector();
      const bitmap = await createImageBitmap(file);
      const codes = await detector.detect(bitmap);
      bitmap.close();
      decoded(codes[0]?.rawValue ?? null, problem === null);
    } catch (error) {
      console.error('The picture could not be read', error);
      decoded(null, problem === null);
    }
  }

  return (
    <Stack gap="xs" data-testid="qrcode-reader" data-component={component.id} data-state={state}>
      {component.title === '' ? null : <Text fw={500} size="sm">{component.title}{component.required ? <Text span c="red"> *</Text> : null}</Text>}
      {problem === null ? (
        <Box pos="relative" bg="dark.7" w="100%" maw={420} style={{ aspectRatio: '4 / 3', borderRadius: 8, overflow: 'hidden' }}>
          {live ? (
            <video ref={video} muted playsInline aria-label={t('formwidgets.qrcodeReader.camera')} data-camera={cameraOn ? 'on' : 'off'} style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
          ) : (
            <Group h="100%" justify="center"><IconQrcode size={48} color="white" /><Text c="white" size="sm">{t('formwidgets.qrcodeReader.cameraView')}</Text></Group>
          )}
        </Box>
      ) : (
        <Alert color="orange" icon={<IconCameraOff size={18} />} title={t('formwidgets.qrcodeReader.noCamera')}>
          {t(problem.key, problem.values)} {t('formwidgets.qrcodeReader.choosePicture')}
        </Alert>
      )}
      <Text size="sm" c={STATE_COLOR[state]} role="status" aria-live="polite">{t(STATE_TEXT[state])}</Text>
      {live ? (
        <FileButton onChange={(file) => void readImage(file)} accept="image/*">
          {(props) => <Button {...props} variant="light" size="xs" leftSection={<IconPhoto size={14} />} style={{ alignSelf: 'flex-start' }}>{t('formwidgets.qrcodeReader.chooseImage')}</Button>}
        </FileButton>
      ) : null}
      <TextInput {...fieldFrame({ ...component, title: t('formwidgets.qrcodeReader.result') }, binding)} withAsterisk={false} readOnly value={valueText(binding.value)} aria-label={t('formwidgets.qrcodeReader.resultLabel')} />
    </Stack>
  );
}
