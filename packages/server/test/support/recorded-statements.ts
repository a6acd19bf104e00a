import type { TestServer } from './build';

/** The statements a connection's pool runs from now on, as their text; `stop` puts the pool back as it was. */
export interface RecordedStatements {
  readonly texts: string[];
  stop(): void;
}

/**
 * Records the statements sent through the pool of connection `dbId` (opened by a widget's
 * call already), those `keep` accepts: a test reads which statements a call ran.
 */
export async function recordStatements(server: TestServer, dbId: number, keep: (sql: string) => boolean = () => true): Promise<RecordedStatements> {
  const source = await server.app.dataSources.get(dbId, () => Promise.reject(new Error('the widget opened the connection already')));
  const query = source.query;
  const texts: string[] = [];
  source.query = (sql, params, options) => {
    if (keep(sql)) texts.push(sql);
    return query.call(source, sql, params, options);
  };
  return { texts, stop: () => { source.query = query; } };
}
