import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of every answer (ARCHITECTURE.md §2: nothing an author supplies runs
 * in Rakit's origin). Each source is there because a screen needs it:
 * - script-src 'self' 'wasm-unsafe-eval': Vite emits module scripts only, no inline script; nothing
 *   needs eval (zod runs jitless, see web's zod-jitless.ts). 'wasm-unsafe-eval' lets the QR reader
 *   compile the ZXing WebAssembly module Rakit serves itself (where the browser has no native
 *   BarcodeDetector); it allows compiling wasm only, never eval of text.
 * - style-src 'unsafe-inline': Mantine writes <style> elements at run time (its CSS variables)
 *   and components set style attributes. Nonces would mean templating index.html per request
 *   and passing the nonce to every library that adds a style; styles cannot run script.
 * - img-src data: blob: https: — the favicon is a data: URL, printed images are blobs, and a
 *   markdown column may show a picture from the web.
 * - connect-src http: https: — a REQUEST action calls its author's URL from the browser (spec 2 §4).
 * - frame-src blob: — an html file an author's URL answered is shown in a sandboxed frame
 *   (web's file-download.ts), never as a page of Rakit's origin.
 * - frame-ancestors 'none': no other site may frame Rakit (clickjacking).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "connect-src 'self' http: https:",
  'frame-src blob:',
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
} as const;

/**
 * Headers every answer carries, pages and API alike: the policy above, no type sniffing (a JSON
 * answer or an upload is never read as html), no framing for browsers without frame-ancestors,
 * and no address sent to other sites (a page's URL may name records).
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  // A callback hook, not an async one: nothing to wait for, so no promise on every request.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    done();
  });
}
