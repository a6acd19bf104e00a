// One PDF read in its own worker thread (see extract.ts): pdfjs-dist's legacy build for Node,
// with eval, XFA, fonts and every fetch off, so an author's or a member's PDF can only cost
// this thread's time and memory, both bounded by the parent. JavaScript inside a PDF is never
// run: pdfjs runs it only through its scripting sandbox, which this never loads.
import { parentPort, workerData } from 'node:worker_threads';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const { pdf, fields, maxPages, maxTextPages } = workerData;

/*
 * The page count a PDF declares (its page tree's /Count). When the last page it declares is
 * missing, pdfjs counts the pages it finds instead and says so only in a warning: a PDF
 * claiming a billion pages with one real page would then be read as a one-page PDF. The
 * warnings (this thread's alone) are caught for that count and otherwise dropped.
 */
let declaredPages = 0;
const DECLARED_COUNT = /invalid \/Pages tree \/Count: (\d+)/;
console.warn = (...args) => {
  const found = DECLARED_COUNT.exec(String(args[0]));
  if (found !== null) declaredPages = Math.max(declaredPages, Number(found[1]));
};

/** The text items of a page with their boxes in points from the top-left corner. */
async function pageItems(page) {
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const items = [];
  for (const item of content.items) {
    if (!('str' in item) || item.str === '') continue;
    const [x, baseline] = viewport.convertToViewportPoint(item.transform[4], item.transform[5]);
    const height = Math.abs(item.height) || Math.hypot(item.transform[2], item.transform[3]);
    items.push({ str: item.str, eol: item.hasEOL === true, x, top: baseline - height, width: Math.abs(item.width), height });
  }
  return items;
}

/** Items in reading order: lines top to bottom (within half a line's height), then left to right. */
function readingOrder(items) {
  return [...items].sort((a, b) => (Math.abs(a.top - b.top) > Math.min(a.height, b.height) / 2 ? a.top - b.top : a.x - b.x));
}

const tidy = (text) => text.replace(/[ \t]+/g, ' ').replace(/ *\n */g, '\n').trim();

function textOf(items) {
  let text = '';
  let lastTop;
  for (const item of readingOrder(items)) {
    if (lastTop !== undefined) text += Math.abs(item.top - lastTop) > item.height / 2 ? '\n' : ' ';
    text += item.str;
    lastTop = item.top;
  }
  return tidy(text);
}

function insideBox(item, box) {
  const cx = item.x + item.width / 2;
  const cy = item.top + item.height / 2;
  return cx >= box.x && cx <= box.x + box.width && cy >= box.y && cy <= box.y + box.height;
}

function formValue(objects, name) {
  const entries = objects?.[name];
  if (!Array.isArray(entries)) return undefined;
  for (const entry of entries) {
    const value = entry.value;
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) return value.join(', ');
    if (typeof value === 'boolean') return value ? 'Yes' : 'Off';
    return String(value);
  }
  return '';
}

async function run() {
  let document;
  try {
    document = await getDocument({
      data: pdf,
      isEvalSupported: false,
      enableXfa: false,
      disableFontFace: true,
      useSystemFonts: false,
      useWorkerFetch: false,
      isOffscreenCanvasSupported: false,
      isImageDecoderSupported: false,
      stopAtErrors: false,
      // Warnings: the one about a page count that does not hold (above).
      verbosity: 1,
    }).promise;
  } catch (error) {
    const name = error?.name ?? '';
    if (name === 'PasswordException') return { ok: false, message: 'The PDF is protected by a password' };
    return { ok: false, message: 'The file is not a PDF that can be read' };
  }
  try {
    if (declaredPages > maxPages) return { ok: false, message: `The PDF claims ${declaredPages} pages: at most ${maxPages} are read` };
    if (document.numPages > maxPages) return { ok: false, message: `The PDF has ${document.numPages} pages: at most ${maxPages} are read` };
    const objects = await document.getFieldObjects();
    if (fields === null) {
      const pages = [];
      for (let n = 1; n <= document.numPages; n++) {
        const viewport = (await document.getPage(n)).getViewport({ scale: 1 });
        pages.push({ width: Math.round(viewport.width * 100) / 100, height: Math.round(viewport.height * 100) / 100 });
      }
      const formFields = Object.entries(objects ?? {})
        .filter(([, entries]) => Array.isArray(entries) && entries.some((e) => e.type !== undefined && e.type !== ''))
        .map(([name]) => name).sort().slice(0, 500);
      return { ok: true, pages, formFields };
    }

    const itemsByPage = new Map();
    const itemsOf = async (n) => {
      if (!itemsByPage.has(n)) itemsByPage.set(n, await pageItems(await document.getPage(n)));
      return itemsByPage.get(n);
    };
    let fullText;
    const values = {};
    const notes = [];
    for (const field of fields) {
      let value = '';
      if (field.source === 'form') {
        const found = formValue(objects, field.formField);
        if (found === undefined) notes.push(`${field.name}: the PDF has no form field named ${field.formField}`);
        else value = found.trim();
      } else if (field.source === 'box') {
        if (field.page > document.numPages) notes.push(`${field.name}: the PDF has no page ${field.page}`);
        else value = textOf((await itemsOf(field.page)).filter((item) => insideBox(item, field)));
      } else if (field.source === 'pattern') {
        if (fullText === undefined) {
          const texts = [];
          for (let n = 1; n <= Math.min(document.numPages, maxTextPages); n++) texts.push(textOf(await itemsOf(n)));
          fullText = texts.join('\n');
        }
        const match = new RegExp(field.pattern, 'iu').exec(fullText);
        value = match === null ? '' : tidy(match[1] ?? match[0]);
      }
      if (value === '' && !notes.some((note) => note.startsWith(`${field.name}:`))) notes.push(`${field.name}: nothing found`);
      values[field.name] = value.slice(0, 10_000);
    }
    return { ok: true, values, notes };
  } finally {
    await document.destroy();
  }
}

run().then(
  (answer) => parentPort.postMessage(answer),
  (error) => parentPort.postMessage({ ok: false, message: `The PDF could not be read (${error instanceof Error ? error.message.slice(0, 200) : 'unknown error'})` }),
);
