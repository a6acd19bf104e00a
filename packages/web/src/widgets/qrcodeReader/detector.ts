import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** What the reader needs of a BarcodeDetector, native or the ponyfill. */
export interface QrDetector {
  detect(source: ImageBitmapSource): Promise<{ rawValue: string }[]>;
}

interface NativeDetectorClass {
  new (options: { formats: string[] }): QrDetector;
  getSupportedFormats(): Promise<string[]>;
}

let made: Promise<QrDetector> | undefined;

/**
 * The browser's own BarcodeDetector when it reads QR codes, else the `barcode-detector` ponyfill
 * (ZXing in WebAssembly). The ponyfill's wasm is served by Rakit itself (a Vite asset), never
 * fetched from the package's CDN default: locateFile points it at our copy.
 */
export function qrDetector(): Promise<QrDetector> {
  made ??= (async () => {
    const native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
    if (native !== undefined) {
      try {
        if ((await native.getSupportedFormats()).includes('qr_code')) return new native({ formats: ['qr_code'] });
      } catch {
        // Declared but unusable (no platform detector): the ponyfill reads instead.
      }
    }
    const ponyfill = await import('barcode-detector/ponyfill');
    // Fetched and compiled now, not at the first read: a detector made online reads offline too.
    await ponyfill.prepareZXingModule({ overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) }, fireImmediately: true });
    return new ponyfill.BarcodeDetector({ formats: ['qr_code'] });
  })();
  // A load that failed (offline before the code was ever fetched) is tried again next time.
  made.catch(() => { made = undefined; });
  return made;
}
