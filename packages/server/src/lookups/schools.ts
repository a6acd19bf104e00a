import {
  type GetSchoolBody, type SCHOOL_FIELDS, type SchoolImportRowSchema, type SchoolOption,
} from '@rakit/core';
import MiniSearch from 'minisearch';
import type { z } from 'zod';
import type { Principal } from '../auth/principal';
import type { Store } from '../store/db';
import { bumpDataVersion, dataVersion } from '../store/repositories/data-versions';
import { allSchoolsForIndex, findSchool, pageOfSchools, replaceSchools, type SchoolValues } from '../store/repositories/school-directory';
import { addressIndex, type EntryScore, INDEX_CHUNK, locationOf, searchByRarestWord, searchWords } from './address-index';
import { withAudit } from '../audit/record';

/**
 * The school directory behind the school search and school address widgets (spec 3 §2, §7):
 * searched through a MiniSearch index of the names (prefix and typo-tolerant, as the addresses
 * are), built on first use and built again after an import changed the directory, in whichever
 * server process imported it.
 */

const SCHOOL_LOOKUP_LIMIT = 20;
const PAGE_SIZE = 50;

interface SchoolIndex {
  index: MiniSearch<{ id: number; sekolahName: string; npsn: string }>;
  schools: SchoolOption[];
  /** How many schools hold each whole word of their name: the lookup asks for the rarest. */
  frequency: Map<string, number>;
  /** The directory version it was built from. */
  version: number;
}

/** A process compares its index's directory version with the store's at most this often. */
export const SCHOOL_VERSION_CHECK_MS = 1000;

/**
 * A process's index of one store: the one built last, the check (and build) under way, when the
 * store's version was last compared, and how many imports this process made (a check under way
 * during one must not count as done after it).
 */
interface IndexState {
  built: SchoolIndex | null;
  refreshing: Promise<void> | null;
  checkedAt: number;
  imports: number;
}

const states = new WeakMap<Store, IndexState>();
const wordsOf = (name: string): string[] => name.toLowerCase().split(/[\s\p{P}]+/u).filter((w) => w !== '');

async function buildSchoolIndex(store: Store, version: number): Promise<SchoolIndex> {
  const index = new MiniSearch<{ id: number; sekolahName: string; npsn: string }>({
    fields: ['sekolahName', 'npsn'],
    storeFields: [],
    searchOptions: {
      boost: { sekolahName: 2 },
      prefix: (_term, i, terms) => i === terms.length - 1,
      fuzzy: (term) => (term.length >= 4 ? 0.2 : false),
      maxFuzzy: 2,
    },
  });
  const rows = await allSchoolsForIndex(store);
  const schools = rows.map((r) => ({ id: r.npsn, sekolahName: r.schoolName, npsn: r.npsn, level: r.level, status: r.status }));
  // In chunks, yielding between them: 450,000 schools take seconds, and other requests go on meanwhile.
  await index.addAllAsync(schools.map((school, id) => ({ id, sekolahName: school.sekolahName, npsn: school.npsn })), { chunkSize: INDEX_CHUNK });
  const frequency = new Map<string, number>();
  for (const school of schools) for (const w of new Set([...wordsOf(school.sekolahName), school.npsn])) frequency.set(w, (frequency.get(w) ?? 0) + 1);
  return { index, schools, frequency, version };
}

/**
 * Compares the index's directory version with the store's and builds the index again when an
 * import changed it. The version is read before the rows, so an import between the two only
 * makes the next check build once more. A failed check or build is tried again after
 * SCHOOL_VERSION_CHECK_MS (and at once by the first lookup while there is no index at all).
 */
function refresh(state: IndexState, store: Store): Promise<void> {
  if (state.refreshing !== null) return state.refreshing;
  const imports = state.imports;
  const refreshing = (async () => {
    try {
      const version = await dataVersion(store, 'schoolDirectory');
      if (state.built?.version !== version) state.built = await buildSchoolIndex(store, version);
      state.checkedAt = state.imports === imports ? Date.now() : 0;
    } catch (error) {
      state.checkedAt = Date.now();
      throw error;
    } finally {
      state.refreshing = null;
    }
  })();
  state.refreshing = refreshing;
  return refreshing;
}

/**
 * The index to answer a lookup from. Several server processes may share the store and only the
 * importing one knows of an import: each process compares its index's version with the store's
 * at most once a SCHOOL_VERSION_CHECK_MS (the importing one at once). While there is no index
 * yet, the lookup waits for the first build; after that it never waits: the index it has
 * answers while the check, and the build when the directory changed, run in the background,
 * one at a time, and the new index takes its place when it is complete (450,000 schools take
 * seconds to index).
 */
async function schoolIndex(store: Store, onFailure: (error: unknown) => void): Promise<SchoolIndex> {
  let state = states.get(store);
  if (state === undefined) {
    state = { built: null, refreshing: null, checkedAt: 0, imports: 0 };
    states.set(store, state);
  }
  const built = state.built;
  if (built === null) {
    await refresh(state, store);
    if (state.built === null) throw new Error('The school index was not built');
    return state.built;
  }
  if (Date.now() - state.checkedAt >= SCHOOL_VERSION_CHECK_MS) {
    // Tried again at the next check; the lookup answers from the index it has meanwhile.
    refresh(state, store).catch(onFailure);
  }
  return built;
}

/**
 * The schools whose name (or NPSN) matches what a member typed, best first. As the addresses:
 * the index is asked for the rarest whole word ('sd', 'negeri' match most schools), the schools
 * found must hold the other words too (the last one as a prefix); only when none does, and the
 * text is short, is a typo forgiven, then any word. A check or build of the index that fails in
 * the background is told to onIndexFailure.
 */
export async function lookUpSchools(
  store: Store, principal: Principal, body: GetSchoolBody, onIndexFailure: (error: unknown) => void,
): Promise<SchoolOption[]> {
  const { index, schools, frequency } = await schoolIndex(store, onIndexFailure);
  const words = searchWords(body.school);
  if (words.length === 0) return [];
  const holdsOthers: EntryScore = (id, typed, asked, last) => {
    const school = schools[id] as SchoolOption;
    const names = [...wordsOf(school.sekolahName), school.npsn];
    return typed.every((word) => word === asked || names.some((w) => (word === last ? w.startsWith(word) : w === word))) ? 0 : null;
  };
  return searchByRarestWord(index, frequency, words, holdsOthers)
    .slice(0, SCHOOL_LOOKUP_LIMIT).map((hit) => schools[hit.id as number] as SchoolOption);
}

/**
 * The address of a school: as imported, else its village's 'DESA, KECAMATAN, KABUPATEN,
 * PROVINSI' from its village code; null when neither is known (or no such school).
 */
export async function schoolAddress(store: Store, dataDir: string, principal: Principal, npsn: string): Promise<{ address: string | null }> {
  const school = await findSchool(store, npsn);
  if (school === undefined) return { address: null };
  if (school.address.trim() !== '') return { address: school.address };
  if (school.villageCode === '') return { address: null };
  const village = (await addressIndex(dataDir)).village(school.villageCode);
  return { address: village === undefined ? null : locationOf(village.village, village.district, village.regency, village.province) };
}

type ImportRow = z.output<typeof SchoolImportRowSchema>;
type Failure = { line: number; npsn: string; reason: string };

const NPSN = /^\d{8}$/;
const LIMITS: Record<Exclude<(typeof SCHOOL_FIELDS)[number], 'npsn' | 'villageCode'>, number> = { name: 255, level: 50, status: 50, address: 500 };

/** Why a row cannot be saved, or its values. */
async function checkRow(dataDir: string, row: ImportRow): Promise<{ values: SchoolValues } | { reason: string }> {
  const npsn = row.npsn.trim();
  const name = row.name.trim();
  const level = row.level.trim();
  const status = row.status.trim();
  const address = row.address.trim();
  const villageCode = row.villageCode.trim();
  if (!NPSN.test(npsn)) return { reason: npsn === '' ? 'The NPSN is missing' : `The NPSN '${npsn}' is not 8 digits` };
  if (name === '') return { reason: 'The school name is missing' };
  if (level === '') return { reason: 'The level (SD, SMP, SMA, …) is missing' };
  for (const [field, limit] of Object.entries(LIMITS)) {
    const value = { name, level, status, address }[field as keyof typeof LIMITS];
    if (value.length > limit) return { reason: `The ${field} is longer than ${limit} characters` };
  }
  let codes = { provinceCode: '', regencyCode: '', districtCode: '', villageCode: '' };
  if (villageCode !== '') {
    const village = (await addressIndex(dataDir)).village(villageCode);
    if (village === undefined) return { reason: `The village code '${villageCode}' is not a village of idn-area-data` };
    codes = { provinceCode: village.provinceCode, regencyCode: village.regencyCode, districtCode: village.districtCode, villageCode };
  }
  return { values: { npsn, schoolName: name, level, status, address, ...codes, isSample: 0 } };
}

/**
 * Saves a batch of an import: each row is checked on its own; the good ones replace the schools
 * of their NPSN in one transaction, the sample rows going with the first real import. A NPSN
 * twice in the batch keeps its last row and says so for the earlier one.
 */
export async function importSchools(store: Store, dataDir: string, principal: Principal, rows: readonly ImportRow[]): Promise<{ imported: number; failed: Failure[] }> {
  const failed: Failure[] = [];
  const good = new Map<string, { line: number; values: SchoolValues }>();
  for (const row of rows) {
    const checked = await checkRow(dataDir, row);
    if ('reason' in checked) {
      failed.push({ line: row.line, npsn: row.npsn.trim(), reason: checked.reason });
      continue;
    }
    const earlier = good.get(checked.values.npsn);
    if (earlier !== undefined) failed.push({ line: earlier.line, npsn: checked.values.npsn, reason: `Replaced by line ${row.line}, which has the same NPSN` });
    good.set(checked.values.npsn, { line: row.line, values: checked.values });
  }
  const values = [...good.values()].map((g) => g.values);
  if (values.length > 0) {
    await withAudit(store, principal.audit, { appId: null, entityType: 'schools', summary: { key: 'audit.schoolsImported', values: { count: values.length } }, details: { npsn: values.map((v) => v.npsn) } }, async (trx) => {
      await replaceSchools(trx, values, true);
      await bumpDataVersion(trx, 'schoolDirectory');
    });
    // This process compares at its next lookup; the others within SCHOOL_VERSION_CHECK_MS.
    const state = states.get(store);
    if (state !== undefined) {
      state.imports++;
      state.checkedAt = 0;
    }
  }
  failed.sort((a, b) => a.line - b.line);
  return { imported: values.length, failed };
}

export async function listSchools(store: Store, search: string, page: number) {
  const found = await pageOfSchools(store, search.trim(), page, PAGE_SIZE);
  return {
    total: found.total,
    samples: found.samples,
    rows: found.rows.map((r) => ({ npsn: r.npsn, sekolahName: r.schoolName, level: r.level, status: r.status, address: r.address, villageCode: r.villageCode, isSample: r.isSample === 1 })),
  };
}
