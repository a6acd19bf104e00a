import type { DbType } from '@rakit/core';

/** How each connection type is named on the screen. */
export const DB_TYPE_LABELS: Record<DbType, string> = {
  mysql: 'MySQL / MariaDB',
  postgres: 'PostgreSQL',
  sqlite: 'SQLite',
};

/** The port a new connection of the type starts with; SQLite has none. */
export const DB_DEFAULT_PORTS: Record<DbType, number | ''> = {
  mysql: 3306,
  postgres: 5432,
  sqlite: '',
};

export const DB_TYPE_COLORS: Record<DbType, string> = {
  mysql: 'orange',
  postgres: 'indigo',
  sqlite: 'teal',
};
