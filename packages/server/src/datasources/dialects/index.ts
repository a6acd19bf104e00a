import type { DataSourceType } from '../types';
import { mysqlDialect } from './mysql';
import { postgresDialect } from './postgres';
import { sqliteDialect } from './sqlite';
import type { Dialect } from './types';

const DIALECTS: Record<DataSourceType, Dialect> = { mysql: mysqlDialect, postgres: postgresDialect, sqlite: sqliteDialect };

/** The engine's dialect object: where each thing engines do differently is answered (issue 31). */
export const dialectFor = (type: DataSourceType): Dialect => DIALECTS[type];

/** A database kept as a file of the application's own (see Dialect.embedded). */
export const isEmbedded = (type: DataSourceType): boolean => DIALECTS[type].embedded;

export type { Dialect, SearchIndexDialect, SearchIndexPermissions } from './types';
