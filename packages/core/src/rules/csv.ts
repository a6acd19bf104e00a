/**
 * The rows of a CSV text (RFC 4180: fields in double quotes may hold commas, line breaks and
 * doubled quotes; a leading byte-order mark is skipped), header row first, empty lines left out:
 * idn-area-data's files, and the school directory files the super administrator imports.
 */
export function csvRows(source: string): string[][] {
  const text = source.startsWith('\uFEFF') ? source.slice(1) : source;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') { field += '"'; i++; } else quoted = false;
      } else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(field); field = ''; }
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field); field = '';
      if (row.length > 1 || row[0] !== '') rows.push(row);
      row = [];
    } else field += c;
  }
  if (field !== '' || row.length > 0) { row.push(field); rows.push(row); }
  return rows;
}

/** The rows of a CSV text as objects keyed by its header row. */
export function parseCsv(text: string): Record<string, string>[] {
  const [header, ...body] = csvRows(text);
  if (header === undefined) return [];
  return body.map((values) => Object.fromEntries(header.map((name, i) => [name, values[i] ?? ''])));
}
