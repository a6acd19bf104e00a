import { csvRows, type MessageKey, SCHOOL_FIELDS, type SchoolField, type SchoolImportRow } from '@rakit/core';

/** What each field of the directory is called in the screen (keys of the catalogs), and header names it is matched to. */
export const FIELD_LABELS: Record<SchoolField, MessageKey> = {
  npsn: 'admin.schools.fieldNpsn', name: 'admin.schools.fieldName', level: 'admin.schools.fieldLevel', status: 'admin.schools.fieldStatus',
  address: 'admin.schools.fieldAddress', villageCode: 'admin.schools.fieldVillageCode',
};
const HEADER_NAMES: Record<SchoolField, readonly string[]> = {
  npsn: ['npsn'],
  name: ['name', 'nama', 'nama sekolah', 'nama_sekolah', 'sekolah', 'school', 'school name'],
  level: ['level', 'jenjang', 'bentuk pendidikan', 'bentuk_pendidikan'],
  status: ['status', 'status sekolah', 'status_sekolah'],
  address: ['address', 'alamat', 'alamat jalan', 'alamat_jalan'],
  villageCode: ['village code', 'village_code', 'villagecode', 'kode desa', 'kode_desa', 'kode wilayah', 'kode_wilayah'],
};

/** A read file: its header and its data rows (each with its line in the file). */
export interface SchoolFile { header: string[]; rows: { line: number; values: string[] }[] }

export function readSchoolFile(text: string): SchoolFile {
  const [header = [], ...rows] = csvRows(text);
  return { header: header.map((h) => h.trim()), rows: rows.map((values, index) => ({ line: index + 2, values })) };
}

/** The column of each field guessed from the header's names (-1: none). */
export function guessMapping(header: readonly string[]): Record<SchoolField, number> {
  const normal = header.map((h) => h.trim().toLowerCase());
  return Object.fromEntries(SCHOOL_FIELDS.map((field) => [field, normal.findIndex((h) => HEADER_NAMES[field].includes(h))])) as Record<SchoolField, number>;
}

/** The rows as the import call takes them, through the mapping. */
export function mappedRows(file: SchoolFile, mapping: Record<SchoolField, number>): SchoolImportRow[] {
  return file.rows.map(({ line, values }) => ({
    line,
    ...Object.fromEntries(SCHOOL_FIELDS.map((field) => [field, mapping[field] < 0 ? '' : values[mapping[field]] ?? ''])),
  }));
}
