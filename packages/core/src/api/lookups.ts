import { z } from 'zod';
import { defineCall, lazyCalls } from './contract';

/*
 * The Indonesian area lookups of the address search widget (spec 3 §2, §5, §7; issue 14). The
 * areas come from the idn-area-data package (ODbL) and are searched on the server; members of an
 * application look them up while filling in its pages.
 */

/** The address search widget looks up from this many typed characters (spec 3 §5, §9). */
export const ADDRESS_LOOKUP_MIN_CHARS = 6;
/** At most this many options answer one lookup. */
export const ADDRESS_LOOKUP_LIMIT = 20;

/**
 * One offered address: `location` is 'DESA, KECAMATAN, KABUPATEN, PROVINSI' as the widget shows
 * it, with the area codes beside it (a village's name may itself hold ', ').
 */
export const AddressOptionSchema = z.object({
  location: z.string(),
  village: z.string(),
  district: z.string(),
  regency: z.string(),
  province: z.string(),
  villageCode: z.string(),
  districtCode: z.string(),
  regencyCode: z.string(),
  provinceCode: z.string(),
});
export type AddressOption = z.infer<typeof AddressOptionSchema>;

export const GetAddressBodySchema = z.object({
  /** The application whose page looks the address up (its members may). */
  appId: z.number().int().positive(),
  address: z.string().trim()
    .min(ADDRESS_LOOKUP_MIN_CHARS, `Type at least ${ADDRESS_LOOKUP_MIN_CHARS} characters of the address`)
    .max(200, 'The address is too long'),
});
export type GetAddressBody = z.infer<typeof GetAddressBodySchema>;

export const lookupCalls = lazyCalls(() => ({
  getAddress: defineCall({
    method: 'POST', path: '/get/getAddress', tag: 'lookups',
    summary: 'Villages of Indonesia matching the typed address, best first (members of the application)',
    description: 'Prefix and typo-tolerant search over the 83,762 villages of idn-area-data (ODbL), village and district names weighted; each option carries its area codes.',
    body: GetAddressBodySchema,
    data: z.array(AddressOptionSchema),
    access: { level: 'member', app: { entity: 'app', id: (input) => input.body.appId } },
  }),
}));

/*
 * The school search and school address widgets (spec 3 §2, §7; issue 14) over the school
 * directory the super administrator imports from a CSV file in the root application.
 */

/** The school search looks up from this many typed characters (spec 3 §5, §9). */
export const SCHOOL_LOOKUP_MIN_CHARS = 3;
/** Rows one import call takes: the screen sends a file in batches of this many (its progress). */
export const SCHOOL_IMPORT_BATCH = 2000;
/** The fields a school directory row is made of, as the import's column mapping names them. */
export const SCHOOL_FIELDS = ['npsn', 'name', 'level', 'status', 'address', 'villageCode'] as const;
export type SchoolField = (typeof SCHOOL_FIELDS)[number];

/** One offered school: `sekolahName` is the option text (spec 3 §3), `id` its NPSN. */
export const SchoolOptionSchema = z.object({
  id: z.string(),
  sekolahName: z.string(),
  npsn: z.string(),
  level: z.string(),
  status: z.string(),
});
export type SchoolOption = z.infer<typeof SchoolOptionSchema>;

export const GetSchoolBodySchema = z.object({
  appId: z.number().int().positive(),
  school: z.string().trim()
    .min(SCHOOL_LOOKUP_MIN_CHARS, `Type at least ${SCHOOL_LOOKUP_MIN_CHARS} characters of the school's name`)
    .max(200, 'The school name is too long'),
});
export type GetSchoolBody = z.infer<typeof GetSchoolBodySchema>;

export const GetSchoolAddressBodySchema = z.object({
  appId: z.number().int().positive(),
  /** The chosen school's id (its NPSN). */
  schooladdress: z.string().trim().min(1, 'Choose a school first').max(20),
});

/** One row of a school directory file, mapped to the directory's fields (every value as text). */
export const SchoolImportRowSchema = z.object({
  /** The row's line in the file, for the failures' messages. */
  line: z.number().int().positive(),
  npsn: z.string().max(100).default(''),
  name: z.string().max(1000).default(''),
  level: z.string().max(200).default(''),
  status: z.string().max(200).default(''),
  address: z.string().max(2000).default(''),
  villageCode: z.string().max(100).default(''),
});
export type SchoolImportRow = z.input<typeof SchoolImportRowSchema>;

export const ImportSchoolsBodySchema = z.object({
  rows: z.array(SchoolImportRowSchema).min(1, 'The file has no rows').max(SCHOOL_IMPORT_BATCH, `Send at most ${SCHOOL_IMPORT_BATCH} rows at once`),
});

export const SchoolImportFailureSchema = z.object({ line: z.number().int(), npsn: z.string(), reason: z.string() });

export const SchoolDirectoryRowSchema = z.object({
  npsn: z.string(), sekolahName: z.string(), level: z.string(), status: z.string(), address: z.string(), villageCode: z.string(), isSample: z.boolean(),
});

export const schoolCalls = lazyCalls(() => ({
  getSchool: defineCall({
    method: 'POST', path: '/get/getSchool', tag: 'lookups',
    summary: 'Schools of the directory whose name matches the typed text, best first (members of the application)',
    body: GetSchoolBodySchema,
    data: z.array(SchoolOptionSchema),
    access: { level: 'member', app: { entity: 'app', id: (input) => input.body.appId } },
  }),
  getSchoolAddress: defineCall({
    method: 'POST', path: '/get/getSchoolAddress', tag: 'lookups',
    summary: 'The address of a school of the directory by its id (NPSN); null when the directory has none',
    body: GetSchoolAddressBodySchema,
    data: z.object({ address: z.string().nullable() }),
    access: { level: 'member', app: { entity: 'app', id: (input) => input.body.appId } },
  }),
  importSchools: defineCall({
    method: 'POST', path: '/save/importSchools', tag: 'lookups',
    summary: 'Adds a batch of school directory rows, each replacing the school of its NPSN (super administrator)',
    description: 'Every row is checked on its own: the rows that fail are answered with their line and why, the others are saved in one transaction. The first real import removes the sample schools.',
    body: ImportSchoolsBodySchema,
    data: z.object({ imported: z.number().int(), failed: z.array(SchoolImportFailureSchema) }),
    access: { level: 'superAdmin' },
  }),
  listSchools: defineCall({
    method: 'GET', path: '/get/listSchools', tag: 'lookups',
    summary: 'The school directory, 50 rows at a time, with its count (super administrator)',
    query: z.object({ page: z.coerce.number().int().min(1).default(1), search: z.string().max(200).default('') }),
    data: z.object({ total: z.number().int(), samples: z.number().int(), rows: z.array(SchoolDirectoryRowSchema) }),
    access: { level: 'superAdmin' },
  }),
}));
