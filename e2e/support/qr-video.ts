import QRCode from 'qrcode';

/** The size of the fake camera's frames. */
export const QR_VIDEO_WIDTH = 640;
export const QR_VIDEO_HEIGHT = 480;

/**
 * A video of `text` as a QR code, in the raw YUV 4:2:0 frames Chromium's fake camera plays
 * (--use-file-for-fake-video-capture=<file>.y4m): a black-on-white code, 4 modules of quiet
 * zone, 80 % of the frame's height. The QR e2e spec and bench/qr both play it.
 */
export function qrVideo(text: string, frames = 10): Buffer {
  const [width, height] = [QR_VIDEO_WIDTH, QR_VIDEO_HEIGHT];
  const code = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = code.modules.size;
  const scale = Math.floor(Math.min(width, height) * 0.8 / (size + 8));
  const side = (size + 8) * scale;
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (code.modules.get(row, col) === 0) continue;
      for (let y = 0; y < scale; y++) {
        const start = (top + (row + 4) * scale + y) * width + left + (col + 4) * scale;
        luma.fill(16, start, start + scale);
      }
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), ...Array.from({ length: frames }, () => frame)]);
}
