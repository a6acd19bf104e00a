import type { Kysely } from 'kysely';

// Frozen once shipped.
// The school directory of the school search widgets (issue 14): no public directory ships as a
// package, so the super administrator imports one from a CSV file; re-importing a school
// replaces it by its NPSN. The first start holds a few sample schools, marked as such
// (is_sample = 1 and '(sample)' in the name), until a real import replaces or joins them.

type AnyDb = Kysely<unknown>;

/** Sample rows: invented schools in real areas of idn-area-data, clearly named as samples. */
const SAMPLES: readonly (readonly [npsn: string, name: string, level: string, status: string, address: string, village: string])[] = [
  ['99000001', 'SD Negeri Contoh 1 Sukamaju (sample)', 'SD', 'Negeri', 'Jl. Contoh No. 1, Sukamaju, Cibungbulang, Kabupaten Bogor, Jawa Barat', '32.01.16.2013'],
  ['99000002', 'SMP Negeri Contoh 2 Ciaruteun Udik (sample)', 'SMP', 'Negeri', 'Jl. Contoh No. 2, Ciaruteun Udik, Cibungbulang, Kabupaten Bogor, Jawa Barat', '32.01.16.2005'],
  ['99000003', 'SMA Swasta Contoh Melawai (sample)', 'SMA', 'Swasta', 'Jl. Contoh No. 3, Melawai, Kebayoran Baru, Kota Administrasi Jakarta Selatan', '31.74.07.1001'],
  ['99000004', 'SMK Negeri Contoh Lubuk Pakam (sample)', 'SMK', 'Negeri', '', '12.07.28.1007'],
];

export async function up(db: AnyDb): Promise<void> {
  await db.schema.createTable('school_directory')
    .addColumn('npsn', 'varchar(20)', (c) => c.primaryKey())
    .addColumn('school_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('level', 'varchar(50)', (c) => c.notNull())
    .addColumn('status', 'varchar(50)', (c) => c.notNull())
    .addColumn('address', 'varchar(500)', (c) => c.notNull())
    .addColumn('province_code', 'varchar(2)', (c) => c.notNull())
    .addColumn('regency_code', 'varchar(5)', (c) => c.notNull())
    .addColumn('district_code', 'varchar(8)', (c) => c.notNull())
    .addColumn('village_code', 'varchar(13)', (c) => c.notNull())
    .addColumn('is_sample', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await (db as Kysely<{ school_directory: Record<string, string | number> }>).insertInto('school_directory').values(SAMPLES.map(([npsn, name, level, status, address, village]) => ({
    npsn, school_name: name, level, status, address,
    province_code: village.slice(0, 2), regency_code: village.slice(0, 5), district_code: village.slice(0, 8), village_code: village, is_sample: 1,
  }))).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('school_directory').ifExists().execute();
}
