import { DOMParser, type Element, type Node } from '@xmldom/xmldom';
import type PizZip from 'pizzip';

/** Elements whose relationship id is only shown as a link, never fetched. */
const LINK_ELEMENTS = new Set(['hyperlink', 'hlinkClick', 'hlinkHover']);
const HYPERLINK_TYPE = /\/relationships\/hyperlink$/;
/** Field instructions that make Word or LibreOffice fetch or run something outside the file. */
const FETCHING_FIELD = /^\s*(INCLUDEPICTURE|INCLUDETEXT|LINK|DDEAUTO|DDE|IMPORT)\b/i;

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

/**
 * How deep elements may nest in a template's XML: real Word documents stay far below it
 * (tables in tables are a few dozen levels); deeper nesting only serves to exhaust the stack
 * of whatever walks the tree (these checks, docxtemplater, LibreOffice).
 */
export const MAX_XML_NESTING = 256;

/** Each element under `node` in document order, walked with its own stack (any depth, no recursion). */
function* elements(node: Node): Generator<Element> {
  const pending: Node[] = [];
  for (let child = node.lastChild; child !== null; child = child.previousSibling) pending.push(child);
  for (let current = pending.pop(); current !== undefined; current = pending.pop()) {
    if (current.nodeType !== ELEMENT_NODE) continue;
    yield current as Element;
    for (let child = current.lastChild; child !== null; child = child.previousSibling) pending.push(child);
  }
}

/** True when elements under `root` (itself level 1) nest more than MAX_XML_NESTING deep. */
function nestsTooDeep(root: Element): boolean {
  const pending: [Node, number][] = [[root, 1]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [node, level] = next;
    if (level > MAX_XML_NESTING) return true;
    for (let child = node.firstChild; child !== null; child = child.nextSibling) if (child.nodeType === ELEMENT_NODE) pending.push([child, level + 1]);
  }
  return false;
}

/** The part's root element; refused when it is not well-formed or nests too deep. (The parser itself does not recurse.) */
function parse(xml: string, part: string, fail: (message: string) => Error): Element {
  let root: Element | null;
  try {
    root = new DOMParser({ onError: (level, message) => { if (level !== 'warning') throw new Error(message); } })
      .parseFromString(xml, 'application/xml').documentElement;
    if (root === null) throw new Error('empty');
  } catch {
    throw fail(`The template's part ${part} is not well-formed XML`);
  }
  if (nestsTooDeep(root)) throw fail(`The template's part ${part} is nested more than ${MAX_XML_NESTING} elements deep`);
  return root;
}

/** The part a .rels file describes: word/_rels/document.xml.rels → word/document.xml. */
const sourceOf = (relsName: string) => relsName.replace(/(^|\/)_rels\/([^/]+)\.rels$/, '$1$2');

/** Each field's instruction text, joined across the runs it is split into (begin … separate/end), and fldSimple's. */
function fieldInstructions(root: Element): string[] {
  const fields: string[] = [];
  let current: string | null = null;
  for (const element of elements(root)) {
    if (element.localName === 'fldSimple') fields.push(element.getAttributeNS(element.namespaceURI, 'instr') || element.getAttribute('w:instr') || '');
    else if (element.localName === 'fldChar') {
      const type = element.getAttributeNS(element.namespaceURI, 'fldCharType') || element.getAttribute('w:fldCharType');
      if (type === 'begin') current = '';
      else if (current !== null) {
        fields.push(current);
        current = null;
      }
    } else if (element.localName === 'instrText') {
      let text = '';
      for (let child = element.firstChild; child !== null; child = child.nextSibling) if (child.nodeType === TEXT_NODE) text += child.nodeValue ?? '';
      if (current === null) fields.push(text);
      else current += text;
    }
  }
  if (current !== null) fields.push(current);
  return fields;
}

/**
 * Refuses a template that reaches outside itself: a linked (not embedded) picture, object,
 * frame or attached template, a hyperlink's target used for anything but a link, or a field
 * that includes a file or URL. LibreOffice would fetch those on the server while converting.
 * The XML is parsed (entities, either quote, any prefix), not matched as text, and refused when
 * nested past MAX_XML_NESTING before anything walks it. The conversion
 * also runs without network where the system allows it (pdf-convert.ts): this check is the
 * second line.
 */
export function assertSelfContained(zip: PizZip, fail: (message: string) => Error): void {
  const hyperlinkIds = new Map<string, Set<string>>();
  for (const [name, file] of Object.entries(zip.files)) {
    if (file.dir || !name.endsWith('.rels')) continue;
    const ids = new Set<string>();
    for (const relationship of elements(parse(file.asText(), name, fail))) {
      if (relationship.localName !== 'Relationship' || relationship.getAttribute('TargetMode') !== 'External') continue;
      const type = relationship.getAttribute('Type') ?? '';
      if (!HYPERLINK_TYPE.test(type)) throw fail(`The template links to content outside the file (${type.split('/').pop() ?? 'unknown'}); embed it instead`);
      ids.add(relationship.getAttribute('Id') ?? '');
    }
    hyperlinkIds.set(sourceOf(name), ids);
  }
  for (const [name, file] of Object.entries(zip.files)) {
    if (file.dir || !name.endsWith('.xml')) continue;
    const root = parse(file.asText(), name, fail);
    const external = hyperlinkIds.get(name) ?? new Set<string>();
    if (external.size > 0) {
      for (const element of elements(root)) {
        if (LINK_ELEMENTS.has(element.localName ?? '')) continue;
        for (let i = 0; i < element.attributes.length; i++) {
          if (external.has(element.attributes.item(i)?.value ?? '')) throw fail('The template uses a hyperlink\'s address for content (a linked picture or object); embed it instead');
        }
      }
    }
    for (const instruction of fieldInstructions(root)) {
      const field = FETCHING_FIELD.exec(instruction);
      if (field !== null) throw fail(`The template has a ${field[1]?.toUpperCase() ?? ''} field, which fetches content from outside the file`);
    }
  }
}
