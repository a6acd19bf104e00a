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
