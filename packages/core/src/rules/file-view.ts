/**
 * How the browser may show a file that came from outside Rakit's own code — a REQUEST's answer
 * from an author's server, a printed document. A file opened as a page of Rakit's origin could
 * run script there and read every session in local storage, so only types a browser shows
 * without running anything open as they are (an allowlist); html opens in a frame sandboxed
 * without scripts or origin; everything else (svg, xml, anything unknown) is downloaded.
 */
export type FileView =
  /** Shown by the browser's own viewer; `type` is the one to give the blob. */
  | { kind: 'inline'; type: string }
  /** Html: rendered in a sandboxed frame (no scripts, an opaque origin) of a blob of `type`. */
  | { kind: 'sandboxed'; type: string }
  | { kind: 'download' };

/** Types a browser shows without running anything of the file: no svg (it scripts), no html. */
const INERT_TYPES = new Set([
  'application/pdf',
  'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/bmp',
  'text/plain',
]);

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const HTML_NAME = /\.(html?|xhtml)$/i;

/** The type without its parameters, in lower case ("Text/HTML; charset=x" → "text/html"). */
const essenceOf = (mimetype: string): string => (mimetype.split(';')[0] ?? '').trim().toLowerCase();

/** A charset parameter worth keeping (letters, digits and dashes only); '' when there is none. */
function charsetOf(mimetype: string): string {
  const charset = /;\s*charset\s*=\s*"?([A-Za-z0-9_-]{1,40})"?\s*(;|$)/i.exec(mimetype)?.[1];
  return charset === undefined ? '' : `;charset=${charset}`;
}

/**
 * How `file` may be shown (see FileView). A file named .html is html whatever its declared type
 * (spec 2 §4 opens "an html file"); the blob is given a clean type, never the declared text.
 */
export function fileViewOf(file: { mimetype: string; filename: string }): FileView {
  const essence = essenceOf(file.mimetype);
  if (HTML_TYPES.has(essence) || HTML_NAME.test(file.filename)) return { kind: 'sandboxed', type: `text/html${charsetOf(file.mimetype)}` };
  if (!INERT_TYPES.has(essence)) return { kind: 'download' };
  return { kind: 'inline', type: essence === 'text/plain' ? `text/plain${charsetOf(file.mimetype)}` : essence };
}

/** Schemes an author's link may open: the web, mail and phone. */
const LINK_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);

/**
 * Whether an author's link may be opened: a web, mail or phone address or a path of Rakit's own,
 * never javascript:, data:, blob: or any other scheme that would run or show something of his in
 * Rakit's origin. Read as browsers read a URL: control characters and spaces around it, and tabs
 * and newlines inside it, do not count.
 */
export function isSafeLink(link: string): boolean {
  // eslint-disable-next-line no-control-regex -- the characters URL parsers drop
  const cleaned = link.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(cleaned)?.[1];
  return scheme === undefined ? cleaned !== '' : LINK_SCHEMES.has(scheme.toLowerCase());
}
