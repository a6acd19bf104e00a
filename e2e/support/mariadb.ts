import type { Connection } from 'mysql2/promise';
import type { Api } from './api';

/** The CI's MariaDB (root without a password, database 'test'). */
export const MARIADB = { host: '127.0.0.1', port: 3306, user: 'root', password: '', database: 'test' };

/** Adds the MariaDB connection to the application as its administrator; its dbId. */
export async function addMariaDbConnection(api: Api, appId: number): Promise<number> {
  const saved = await api<{ dbId: number }>('POST', '/save/saveDbConfig', {
    dbId: null, dbAppId: appId, dbType: 'mysql', dbHost: MARIADB.host, dbPort: MARIADB.port, dbUser: MARIADB.user, dbPassword: MARIADB.password, dbDatabase: MARIADB.database,
  });
  if (!saved.status) throw new Error(`the MariaDB connection was refused: ${saved.error?.join(', ')}`);
  return saved.data.dbId;
}

/**
 * Creates `table` (id INT PRIMARY KEY, name) holding rows 1…rows named `${prefix} ${id}`,
 * inserted 5,000 at a time (one packet each, far under max_allowed_packet).
 */
export async function createNamedRowsTable(sql: Connection, table: string, rows: number, prefix: string): Promise<void> {
  await sql.query(`CREATE TABLE \`${table}\` (id INT PRIMARY KEY, name VARCHAR(100) NOT NULL)`);
  const BATCH = 5000;
  for (let from = 1; from <= rows; from += BATCH) {
    const count = Math.min(BATCH, rows - from + 1);
    await sql.query(`INSERT INTO \`${table}\` (id, name) VALUES ?`, [Array.from({ length: count }, (_, i) => [from + i, `${prefix} ${from + i}`])]);
  }
}
