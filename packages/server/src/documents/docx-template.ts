import type { PrintData, PrintIdentifier } from '@rakit/core';
import Docxtemplater from 'docxtemplater';
import InspectModule from 'docxtemplater/js/inspect-module.js';
import PizZip from 'pizzip';
import { assertSelfContained } from './docx-safety';

/**
 * DOCX templates (ARCHITECTURE §1 src/documents): a Word file whose text holds docxtemplater
 * tags, `{field}` for a value and `{#group}…{/group}` for a list repeated once per item.
 * Reading a template's tags and filling it in live here; turning the result into a PDF is
 * pdf-convert.ts's job.
 */

/** The template cannot be used: not a Word document, or its tags are malformed. The message is for the author. */
export class TemplateError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TemplateError';
  }
}

type Part = Docxtemplater.DXT.Part;

/** The most a template may unpack to: a small .docx that unpacks to gigabytes is a zip bomb. */
export const MAX_UNPACKED_BYTES = 50 * 1024 * 1024;

/** What the zip's entries say they unpack to (pizzip refuses an entry whose content differs from it). */
const unpackedSize = (zip: PizZip): number =>
  Object.values(zip.files).reduce((sum, file) => sum + ((file as unknown as { _data?: { uncompressedSize?: number } })._data?.uncompressedSize ?? 0), 0);

/** docxtemplater's multi-error: each malformed tag with its explanation. */
function explain(error: unknown): string {
  const nested = (error as { properties?: { errors?: { properties?: { explanation?: string } }[] } }).properties?.errors;
  const explanations = (nested ?? []).map((e) => e.properties?.explanation).filter((e): e is string => typeof e === 'string');
  if (explanations.length > 0) return `The template's tags are malformed: ${explanations.slice(0, 5).join('; ')}`;
  const own = (error as { properties?: { explanation?: string } }).properties?.explanation;
  return own === undefined ? 'The template could not be read as a Word document' : `The template could not be read: ${own}`;
}

/**
 * How deep loops ({#x}, {^x}, {-w:p x}) may nest in a template. docxtemplater's passes after
 * the lexer recurse and take time growing with the square of the depth: 2,000 nested loops
 * hold the server for seconds, 10,000 for minutes.
 */
export const MAX_LOOP_NESTING = 32;

type LexedToken = { type: string; position?: string; value?: string };

/**
 * A docxtemplater module that reads the lexed tags of each part (after any change of
 * delimiters) before those passes run, and refuses loops nested past MAX_LOOP_NESTING.
 */
const loopNestingGuard = (): Docxtemplater.DXT.Module => ({
  preparse(lexed: LexedToken[]) {
    let depth = 0;
    let tag: string | null = null;
    for (const token of lexed) {
      if (token.type === 'delimiter') {
        if (token.position === 'start') tag = '';
        else if (tag !== null) {
          const prefix = tag.trimStart()[0];
          depth += prefix === '#' || prefix === '^' || prefix === '-' ? 1 : prefix === '/' ? -1 : 0;
          if (depth > MAX_LOOP_NESTING) throw new TemplateError(`The template's loops are nested more than ${MAX_LOOP_NESTING} deep`);
          tag = null;
        }
      } else if (tag !== null && token.type === 'content' && token.position === 'insidetag') tag += token.value ?? '';
    }
    return lexed;
  },
});

/** The template opened by docxtemplater (its tags parsed); throws TemplateError when it is not a usable .docx. */
function open(content: Buffer, modules: Docxtemplater.DXT.Module[] = []): Docxtemplater {
  let zip: PizZip;
  try {
    zip = new PizZip(content);
  } catch (cause) {
    throw new TemplateError('The file is not a Word document (.docx)', { cause });
  }
  if (zip.file('word/document.xml') === null) throw new TemplateError('The file is not a Word document (.docx)');
  if (unpackedSize(zip) > MAX_UNPACKED_BYTES) throw new TemplateError('The template unpacks to more than 50 MB');
  assertSelfContained(zip, (message) => new TemplateError(message));
  try {
    const doc = new Docxtemplater(zip, {
      modules: [loopNestingGuard(), ...modules],
      paragraphLoop: true,
      linebreaks: true,
      // A value the data does not give prints as nothing, never as 'undefined'; a missing list repeats zero times.
      nullGetter: () => '',
    });
    return doc;
  } catch (error) {
    if (error instanceof TemplateError) throw error;
    throw new TemplateError(explain(error), { cause: error });
  }
}

const isLoop = (part: Part): boolean => part.module === 'loop';
const isRawXml = (part: Part): boolean => part.module === 'rawxml';

/** The names of the plain fields among `parts`, in order, each once; conditions ({^x}, and {#x} without fields) count as fields. */
function collect(parts: readonly Part[], identifier: { not_bulk: string[]; groups: Record<string, string[]> }, group: string | null): void {
  const add = (list: string[], name: string) => {
    if (name !== '' && !list.includes(name)) list.push(name);
  };
  for (const part of parts) {
    if (part.type !== 'placeholder') continue;
    if (isRawXml(part)) throw new TemplateError(`Raw XML tags ({@${part.value}}) are not supported; use {${part.value}}`);
    const name = part.value.trim();
    if (!isLoop(part)) {
      add(group === null ? identifier.not_bulk : (identifier.groups[group] ??= []), name);
      continue;
    }
    const inner = part.subparsed ?? [];
    const hasFields = inner.some((p) => p.type === 'placeholder');
    if (group !== null) {
      // A list inside a list: its fields are read from the same item.
      collect(inner, identifier, group);
    } else if (part.inverted === true || !hasFields) {
      // {^x}…{/x} and {#x}…{/x} without fields show or hide text: x is one value, and the text's fields are the row's own.
      add(identifier.not_bulk, name);
      collect(inner, identifier, null);
    } else {
      identifier.groups[name] ??= [];
      collect(inner, identifier, name);
    }
  }
}

/**
 * The fields a template asks for: `not_bulk` are filled once, each group's fields once per
 * item of the list (spec 2 "Print template": identifier {not_bulk, groups}).
 */
export function inspectTemplate(content: Buffer): PrintIdentifier {
  const inspector = new InspectModule();
  open(content, [inspector]);
  const identifier: { not_bulk: string[]; groups: Record<string, string[]> } = { not_bulk: [], groups: {} };
  collect(inspector.getAllStructuredTags(), identifier, null);
  return identifier;
}

/** The template filled with `data` (fields by name, each group a list of items), as .docx bytes. */
export function renderDocx(content: Buffer, data: PrintData): Buffer {
  const doc = open(content);
  try {
    doc.render(data);
  } catch (error) {
    throw new TemplateError(explain(error), { cause: error });
  }
  return doc.toBuffer();
}
