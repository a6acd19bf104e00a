import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path, { dirname, join } from 'node:path';
import { ADDRESS_LOOKUP_LIMIT, type AddressOption, parseCsv } from '@rakit/core';
import MiniSearch, { type Options, type SearchResult } from 'minisearch';
import { OWNER_ONLY_FILE_MODE, OWNER_ONLY_FOLDERS } from '../security/owner-only';

/**
 * The villages of Indonesia (idn-area-data, ODbL: 38 provinces, 514 regencies, 7,285 districts,
 * 83,762 villages) in a MiniSearch index: prefix and typo-tolerant, the village's name weighted
 * most, then its district's, so that 'sukamaju cibungbulang' finds Sukamaju of Cibungbulang first.
 * Built from the package's CSV files the first time an address is looked up, then kept, and
 * saved in the data directory so that the next start loads it instead.
 */

/** A village as indexed: its option without the location text, made when answered (less heap). */
interface VillageDoc extends Omit<AddressOption, 'location'> {
  id: number;
}

export interface AddressIndex {
  search: (text: string, limit?: number) => AddressOption[];
  /** How many villages the index holds. */
  size: number;
  /** Every village, in the package's order (the benchmark looks each one up). */
  all: () => AddressOption[];
  /** The village of a code ('32.01.16.2013'), with its district, regency and province. */
  village: (code: string) => AddressOption | undefined;
}

/** The folder of idn-area-data's CSV files, found through Node's resolution (no network). */
function areaDataDir(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('idn-area-data/package.json')), 'data');
}

/** The option text: 'DESA, KECAMATAN, KABUPATEN, PROVINSI' as spec 3 §2 names the parts. */
export const locationOf = (village: string, district: string, regency: string, province: string): string =>
  [village, district, regency, province].join(', ');

interface Area { code: string; name: string; parent: string }

/** One area file's rows: code, name and the code of the area holding it ('' for provinces). */
async function readAreas(name: string, parentColumn: string | null): Promise<Area[]> {
  const rows = parseCsv(await readFile(join(areaDataDir(), `${name}.csv`), 'utf8'));
  return rows.map((r) => ({ code: r.code ?? '', name: r.name ?? '', parent: parentColumn === null ? '' : r[parentColumn] ?? '' }));
}

/** The villages with their areas, from the package's CSV files (in the package's order). */
async function readVillages(): Promise<VillageDoc[]> {
  const [provinces, regencies, districts, villages] = await Promise.all([
    readAreas('provinces', null), readAreas('regencies', 'province_code'), readAreas('districts', 'regency_code'), readAreas('villages', 'district_code'),
  ]);
  const byCode = (areas: Area[]) => new Map(areas.map((a) => [a.code, a]));
  const provinceBy = byCode(provinces);
  const regencyBy = byCode(regencies);
  const districtBy = byCode(districts);
  const docs: VillageDoc[] = [];
  for (const v of villages) {
    const district = districtBy.get(v.parent);
    const regency = district === undefined ? undefined : regencyBy.get(district.parent);
    const province = regency === undefined ? undefined : provinceBy.get(regency.parent);
    if (district === undefined || regency === undefined || province === undefined) continue;
    docs.push({
      id: docs.length,
      village: v.name, district: district.name, regency: regency.name, province: province.name,
      villageCode: v.code, districtCode: district.code, regencyCode: regency.code, provinceCode: province.code,
    });
  }
  return docs;
}

/** What a lookup needs: the index, its villages, and how many villages hold each whole word (the lookup asks the index for the rarest). */
interface IndexParts {
  index: MiniSearch<VillageDoc>;
  docs: readonly VillageDoc[];
  frequency: ReadonlyMap<string, number>;
}

/** The lookups over an index of `docs`. */
function addressIndexOver({ index, docs, frequency }: IndexParts): AddressIndex {
  const toOption = (doc: VillageDoc): AddressOption => {
    const { id: _id, ...option } = doc;
    return { location: locationOf(doc.village, doc.district, doc.regency, doc.province), ...option };
  };
  const byVillageCode = new Map(docs.map((doc) => [doc.villageCode, doc]));
  return {
    size: docs.length,
    all: () => docs.map(toOption),
    village: (code) => {
      const doc = byVillageCode.get(code);
      return doc === undefined ? undefined : toOption(doc);
    },
    search: (text, limit = ADDRESS_LOOKUP_LIMIT) => {
      const words = searchWords(text, areaTerm);
      if (words.length === 0) return [];
      return searchByRarestWord(index, frequency, words, (id, typed, _asked, last) => placementScore(docs[id] as VillageDoc, typed, last))
        .slice(0, limit).map((hit) => toOption(docs[hit.id as number] as VillageDoc));
    },
  };
}

/** The index built from the package's CSV files (about a second; the bench prints it). */
async function buildIndex(): Promise<IndexParts> {
  const docs = await readVillages();
  const index = new MiniSearch<VillageDoc>(INDEX_OPTIONS);
  // In chunks, yielding between them: the first lookup builds it while the server goes on answering.
  await index.addAllAsync(docs, { chunkSize: INDEX_CHUNK });
  const frequency = new Map<string, number>();
  for (const doc of docs) {
    const seen = new Set<string>();
    for (const field of FIELDS) for (const w of wordsOf(doc[field])) seen.add(w);
    for (const w of seen) frequency.set(w, (frequency.get(w) ?? 0) + 1);
  }
  return { index, docs, frequency };
}

export const buildAddressIndex = async (): Promise<AddressIndex> => addressIndexOver(await buildIndex());

/*
 * The index on disk, in the data directory: a first line of JSON saying what it was built from
 * (INDEX_FORMAT, the data package's version) with the villages, then MiniSearch's JSON of the
 * index. Written to a temporary file renamed over the old one, so a reader sees a whole file or
 * none; a file that cannot be read, or was built from other data or by another format, is
 * ignored and replaced by a new build.
 */

/** Bump when the index's options, its documents or the file's layout change. */
export const INDEX_FORMAT = 1;

/** The file of the address index in the data directory. */
export const addressIndexFile = (dataDir: string) => path.join(dataDir, 'cache', 'address-index.json');

interface FileHeader {
  format: number;
  dataVersion: string;
  villages: VillageRow[];
  /** The words' frequencies, as [word, villages holding it]. */
  frequency: [string, number][];
}

/** A village in the file: its fields in VILLAGE_FIELDS order (less than half the bytes of objects). */
type VillageRow = string[];
const VILLAGE_FIELDS = ['village', 'district', 'regency', 'province', 'villageCode', 'districtCode', 'regencyCode', 'provinceCode'] as const;

/** idn-area-data's version: an index built from another version of the data is stale. */
async function dataVersion(): Promise<string> {
  const pkg = JSON.parse(await readFile(join(areaDataDir(), '..', 'package.json'), 'utf8')) as { version?: unknown };
  return String(pkg.version);
}

async function saveIndex(file: string, { index, docs, frequency }: IndexParts): Promise<void> {
  const header: FileHeader = {
    format: INDEX_FORMAT, dataVersion: await dataVersion(), villages: docs.map((doc) => VILLAGE_FIELDS.map((f) => doc[f])), frequency: [...frequency],
  };
  await mkdir(path.dirname(file), OWNER_ONLY_FOLDERS);
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, `${JSON.stringify(header)}\n${JSON.stringify(index)}`, { mode: OWNER_ONLY_FILE_MODE });
    await rename(temporary, file);
  } finally {
    await rm(temporary, { force: true });
  }
}

/** The index saved in `file`, or null when there is none, it cannot be read or it is stale. */
export async function loadAddressIndex(file: string): Promise<AddressIndex | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return null;
  }
  try {
    const lineEnd = text.indexOf('\n');
    const header = JSON.parse(text.slice(0, lineEnd)) as Partial<FileHeader>;
    if (header.format !== INDEX_FORMAT || header.dataVersion !== await dataVersion() || !Array.isArray(header.villages) || !Array.isArray(header.frequency)) return null;
    const docs = header.villages.map((row, id): VillageDoc => {
      if (!Array.isArray(row) || row.length !== VILLAGE_FIELDS.length || !row.every((v) => typeof v === 'string')) throw new Error('not a village');
      return { id, ...Object.fromEntries(VILLAGE_FIELDS.map((f, k) => [f, row[k]])) } as VillageDoc;
    });
    await new Promise((resolve) => setImmediate(resolve));
    // At once (about 0.4 s for all villages): MiniSearch's loadJSONAsync yields so often that it
    // takes longer than building the index anew.
    const index = MiniSearch.loadJSON<VillageDoc>(text.slice(lineEnd + 1), INDEX_OPTIONS);
    if (index.documentCount !== docs.length) return null;
    const frequency = new Map(header.frequency.map(([word, n]) => [String(word), Number(n)]));
    return addressIndexOver({ index, docs, frequency });
  } catch {
    return null;
  }
}

/**
 * The words of area names that tell no area apart ('Kabupaten Bogor', 'Kota Administrasi
 * Jakarta Selatan'): neither indexed nor searched, since each would match tens of thousands of
 * villages and cost a lookup hundreds of milliseconds.
 */
const AREA_STOP_WORDS = new Set(['kabupaten', 'kab', 'kota', 'administrasi', 'adm', 'provinsi', 'kecamatan', 'kec', 'desa', 'kelurahan', 'kel', 'daerah', 'khusus', 'istimewa']);

const areaTerm = (term: string): string | null => {
  const lower = term.toLowerCase();
  return AREA_STOP_WORDS.has(lower) ? null : lower;
};

/**
 * How well an entry holds the words typed (all of them, repeats too), found by the index when
 * it was asked for `asked`: a score, the higher the better, or null to drop the entry.
 */
export type EntryScore = (id: number, words: readonly string[], asked: string, last: string) => number | null;

/**
 * A lookup by the words typed, as addresses and schools search (the last word may be
 * unfinished). Every word must match as written: the index is asked for the rarest whole word
 * only (or the last word when it is the only one, or when every whole word is common), and
 * `score` ranks what it found (null drops an entry; the index's own score breaks ties): words
 * matching most entries ('jawa', 'barat', 'sd', 'negeri') would otherwise make a lookup cost a
 * second. Only when nothing matches so, and the text is short, is a typo forgiven, then any word.
 */
export function searchByRarestWord(index: MiniSearch, frequency: ReadonlyMap<string, number>, words: readonly string[], score: EntryScore): SearchResult[] {
  const last = words[words.length - 1] as string;
  const distinct = [...new Set(words)];
  const whole = distinct.filter((w) => w !== last).sort((a, b) => (frequency.get(a) ?? 0) - (frequency.get(b) ?? 0));
  const rarest = whole[0];
  const rarestCount = rarest === undefined ? 0 : frequency.get(rarest) ?? 0;
  const byLast = rarest === undefined || (rarestCount > COMMON_WORD && last.length >= 4);
  const asked = byLast ? last : rarestCount > 0 ? rarest : null;
  let hits: SearchResult[] = [];
  if (asked !== null) {
    hits = index.search(asked, { prefix: byLast, fuzzy: false })
      .map((hit) => ({ hit, rank: score(hit.id as number, words, asked, last) }))
      .filter((h): h is { hit: SearchResult; rank: number } => h.rank !== null)
      .sort((a, b) => (b.rank - a.rank) || (b.hit.score - a.hit.score))
      .map((h) => h.hit);
  }
  const query = distinct.join(' ');
  if (hits.length === 0 && distinct.length <= FORGIVING_MAX_WORDS) hits = index.search(query, { combineWith: 'AND' });
  if (hits.length === 0 && distinct.length <= FORGIVING_MAX_WORDS) hits = index.search(query, { combineWith: 'OR', fuzzy: false });
  return hits;
}

/** Documents added to an index between two turns of the event loop. */
export const INDEX_CHUNK = 2000;

/** A whole word held by more villages (or schools) than this is common: a long enough last word narrows better. */
export const COMMON_WORD = 1000;

/** Texts of at most this many words get typos forgiven (fuzzy search costs per word). */
export const FORGIVING_MAX_WORDS = 3;

const BOOSTS = { village: 4, district: 2, regency: 1, province: 0.5 } as const;
const wordsOf = (name: string): string[] => name.toLowerCase().split(/[\s\p{P}]+/u).filter((w) => w !== '');

/** The index's options: the same when it is built and when it is loaded from its file. */
const INDEX_OPTIONS: Options<VillageDoc> = {
  fields: ['village', 'district', 'regency', 'province'],
  processTerm: areaTerm,
  storeFields: [],
  searchOptions: {
    boost: BOOSTS,
    // A person types word after word: only the last one may be unfinished, and only words of
    // 4 letters or more may hold a typo (fuzzy matching of short words costs much, finds little).
    prefix: (_term, i, terms) => i === terms.length - 1,
    fuzzy: (term) => (term.length >= 4 ? 0.2 : false),
    maxFuzzy: 2,
  },
};

const FIELDS = ['village', 'district', 'regency', 'province'] as const;

/**
 * Where a village holds the words typed: each word is placed in the most weighted of its names
 * holding it (the last word as a prefix, the others whole), a word typed twice in two places
 * ('cimahi cimahi': the village and its district), and the village scores the weights (the
 * index's boosts) of the places, less UNPLACED_COST of the weight of each word of its own name
 * and its district's that no typed word explains. So 'tou timur kota baru' ranks Tou Timur of
 * Kota Baru above Tou of Kota Baru in Nusa Tenggara Timur, and 'alai lembak' Alai of Lembak
 * above Alai Selatan of Lembak. A tie goes to the village whose name the text starts with
 * ('dolok mariah dolok silao': Dolok Mariah before Mariah Dolok), then to the one holding the
 * last word whole. Null when a word is in none
 * of its names. Area words that tell nothing ('kota', 'desa') are left out on both sides.
 */
function placementScore(doc: Omit<AddressOption, 'location'>, words: readonly string[], last: string): number | null {
  const names = FIELDS.map((field) => wordsOf(doc[field]).filter((w) => !AREA_STOP_WORDS.has(w)));
  const placed = names.map((name) => name.map(() => false));
  let score = 0;
  for (const [k, word] of words.entries()) {
    let best: { field: number; at: number } | null = null;
    for (const [field, name] of names.entries()) {
      const at = name.findIndex((w, i) => !(placed[field] as boolean[])[i] && (word === last ? w.startsWith(word) : w === word));
      if (at >= 0) {
        best = { field, at };
        break;
      }
    }
    if (best === null) {
      if (words.indexOf(word) === k) return null;
      continue;
    }
    (placed[best.field] as boolean[])[best.at] = true;
    score += BOOSTS[FIELDS[best.field] as (typeof FIELDS)[number]];
    // The last word whole before the last word as a prefix ('bojong' of Bojong before Bojongasih).
    if (word === last && (names[best.field] as string[])[best.at] === word) score += 0.1;
  }
  for (const field of [0, 1]) {
    const unplaced = (placed[field] as boolean[]).filter((p) => !p).length;
    score -= UNPLACED_COST * unplaced * BOOSTS[FIELDS[field] as (typeof FIELDS)[number]];
  }
  const village = names[0] as string[];
  // The tie-breaks (0.1 + 0.25) stay below the smallest difference of weights (0.5).
  if (village.length > 0 && village.every((w, i) => words[i] !== undefined && (words[i] === last ? w.startsWith(words[i]) : w === words[i]))) score += 0.25;
  return score;
}

/** What a word of a village's (or its district's) name that no typed word explains costs, in its name's weight. */
const UNPLACED_COST = 1.5;

/** At most this many different words of a lookup are searched: an address has four parts of a few words each. */
export const MAX_SEARCH_WORDS = 8;

/** A word is searched at most this many times (once for each name of an address: 'bone bone bone bone'). */
const MAX_REPEATS = 4;

/**
 * The words searched for a typed text, lowercased and in order, split at spaces and
 * punctuation as the index splits names ("alo'oa", "muko-muko"), those `keep` maps to null
 * left out; at most MAX_SEARCH_WORDS different ones, each at most MAX_REPEATS times. Every word
 * matching tens of thousands of villages ('kabupaten' twenty times) would otherwise make one
 * lookup cost seconds.
 */
export function searchWords(text: string, keep: (word: string) => string | null = (w) => w): string[] {
  const words: string[] = [];
  const seen = new Map<string, number>();
  for (const typed of text.toLowerCase().split(/[\s\p{P}]+/u)) {
    const word = typed === '' ? null : keep(typed);
    if (word === null || word === '') continue;
    const times = seen.get(word) ?? 0;
    if (times === 0 && seen.size === MAX_SEARCH_WORDS) break;
    if (times === MAX_REPEATS) continue;
    seen.set(word, times + 1);
    words.push(word);
  }
  return words;
}

type SavedIndex = AddressIndex & { saved: Promise<void> };
let cached: Promise<SavedIndex> | null = null;

/**
 * The one index of the process (its words do not depend on the data directory): loaded from the
 * first caller's data directory's file on first use, else built and saved there for the next
 * start (a failed build is tried again next time; a failed save only costs the next start a build).
 */
export function addressIndex(dataDir: string): Promise<AddressIndex> {
  return savedAddressIndex(dataDir);
}

/** The process's index once it is in memory and, when it was built, saved for the next start. */
export async function addressIndexSettled(dataDir: string): Promise<void> {
  await (await savedAddressIndex(dataDir)).saved;
}

function savedAddressIndex(dataDir: string): Promise<SavedIndex> {
  if (cached === null) {
    cached = loadOrBuildAddressIndex(addressIndexFile(dataDir));
    cached.catch(() => { cached = null; });
  }
  return cached;
}

/**
 * The index saved in `file`, else a new build, answered at once and saved there after (`saved`
 * settles then). Writing the file holds the event loop about a second (MiniSearch's JSON), once
 * per installation and data version; loading it later holds it a fifth of that.
 */
export async function loadOrBuildAddressIndex(file: string): Promise<AddressIndex & { from: 'file' | 'build'; saved: Promise<void> }> {
  const loaded = await loadAddressIndex(file);
  if (loaded !== null) return { ...loaded, from: 'file', saved: Promise.resolve() };
  const parts = await buildIndex();
  const saved = new Promise<void>((resolve) => setImmediate(resolve)).then(() => saveIndex(file, parts)).catch((error: unknown) => {
    process.emitWarning(`The address index could not be saved to ${file} (the next start builds it again): ${String(error)}`);
  });
  return { ...addressIndexOver(parts), from: 'build', saved };
}
