import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { addressIndexFile, INDEX_FORMAT, loadAddressIndex, loadOrBuildAddressIndex } from '../src/lookups/address-index';

/** The address index saved in the data directory, so that a start loads it instead of building it (issue 14). */
describe('the address index file', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rakit-address-index-'));
  const file = addressIndexFile(dataDir);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /** The file's text with its first line (what it was built from) changed by `change`. */
  const withHeader = (text: string, change: (header: Record<string, unknown>) => void) => {
    const lineEnd = text.indexOf('\n');
    const header = JSON.parse(text.slice(0, lineEnd)) as Record<string, unknown>;
    change(header);
    return `${JSON.stringify(header)}${text.slice(lineEnd)}`;
  };

  it('is built and saved on first use, for the owner alone, then loaded and answering the same', async () => {
    const built = await loadOrBuildAddressIndex(file);
    expect(built.from).toBe('build');
    await built.saved;
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(path.dirname(file))).toEqual(['address-index.json']);

    const loaded = await loadOrBuildAddressIndex(file);
    expect(loaded.from).toBe('file');
    expect(loaded.size).toBe(built.size);
    for (const typed of ['sukamaju cibungbulang', 'sukamju cibungbul', 'lambang sari', 'kota bogor tanah sareal']) {
      expect(loaded.search(typed)).toEqual(built.search(typed));
    }
    expect(loaded.village('32.01.16.2013')).toEqual(built.village('32.01.16.2013'));
  });

  it('is ignored when it is not whole, not the index or stale, and then built and saved again', async () => {
    const good = readFileSync(file, 'utf8');
    const variants = {
      truncated: good.slice(0, Math.floor(good.length / 2)),
      garbage: 'not an index',
      empty: '',
      'another format': withHeader(good, (h) => { h.format = INDEX_FORMAT + 1; }),
      'other data': withHeader(good, (h) => { h.dataVersion = '0.0.1'; }),
      'villages missing': withHeader(good, (h) => { h.villages = (h.villages as unknown[]).slice(1); }),
      'not villages': withHeader(good, (h) => { h.villages = [[1, 2]]; }),
    };
    for (const [name, text] of Object.entries(variants)) {
      writeFileSync(file, text);
      expect(await loadAddressIndex(file), name).toBeNull();
    }
    const rebuilt = await loadOrBuildAddressIndex(file);
    expect(rebuilt.from).toBe('build');
    await rebuilt.saved;
    expect((await loadOrBuildAddressIndex(file)).from).toBe('file');
  });
});
