import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator } from 'playwright-core';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

// The reader's wasm from node_modules, as the product serves its own: nothing is fetched.
const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) }, fireImmediately: true });

/** What a phone's camera reads from the QR code the element shows (ZXing on a screenshot of it). */
export async function readQrCode(element: Locator): Promise<string[]> {
  const picture = await element.screenshot();
  return (await readBarcodes(new Uint8Array(picture), { formats: ['QRCode'] })).map((result) => result.text);
}
