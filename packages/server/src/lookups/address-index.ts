import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ADDRESS_LOOKUP_LIMIT, type AddressOption, parseCsv } from '@rakit/core';
import MiniSearch from 'minisearch';

/**
 * The villages of Indonesia (idn-area-data, ODbL: 38 provinces, 514 regencies, 7,285 districts,
 * 83,762 villages) in a MiniSearch index: prefix and typo-tolerant, the village's name weighted
 * most, then its district's, so that 'sukamaju cibungbulang' finds Sukamaju of Cibungbulang first.
 * Built from the package's CSV files the first time an address is looked up, then kept.
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

export async function buildAddressIndex(): Promise<AddressIndex> {
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
  const index = new MiniSearch<VillageDoc>({
    fields: ['village', 'district', 'regency', 'province'],
    storeFields: [],
    searchOptions: {
      boost: { village: 4, district: 2, regency: 1, province: 0.5 },
      // A person types word after word: only the last one may be unfinished, and only words of
      // 4 letters or more may hold a typo (fuzzy matching of short words costs much, finds little).
      prefix: (_term, i, terms) => i === terms.length - 1,
      fuzzy: (term) => (term.length >= 4 ? 0.2 : false),
      maxFuzzy: 2,
    },
  });
  index.addAll(docs);
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
      const query = text.replace(/,/g, ' ').trim();
      if (query === '') return [];
      // Every typed word must match as written (the last one may be unfinished); only when no
      // village matches so is a typo forgiven, and only when none matches all the words may
      // any of them. Exact matches thus come first, and cost little.
      let hits = index.search(query, { combineWith: 'AND', fuzzy: false });
      if (hits.length === 0) hits = index.search(query, { combineWith: 'AND' });
      if (hits.length === 0) hits = index.search(query, { combineWith: 'OR' });
      return hits.slice(0, limit).map((hit) => toOption(docs[hit.id as number] as VillageDoc));
    },
  };
}

let cached: Promise<AddressIndex> | null = null;

/** The one index of the process, built on first use (a failed build is tried again next time). */
export function addressIndex(): Promise<AddressIndex> {
  if (cached === null) {
    cached = buildAddressIndex();
    cached.catch(() => { cached = null; });
  }
  return cached;
}
