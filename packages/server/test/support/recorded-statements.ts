import type { TestServer } from './build';

/** The statements a connection's pool runs from now on, as their text; `stop` puts the pool back as it was. */
export interface RecordedStatements {
  readonly texts: string[];
  stop(): void;
}

/**
 * Records the statements sent through the pool of connection `dbId` (opened by a widget's
 * call already), those `keep` accepts: a test reads which statements a call ran. With
 * `delayMs`, those are sent that much later (a slow statement, on any engine).
 */
export async function recordStatements(
  server: TestServer, dbId: number, keep: (sql: string) => boolean = () => true, delayMs = 0,
): Promise<RecordedStatements> {
  const source = await server.app.services.dataSources.get(dbId, () => Promise.reject(new Error('the widget opened the connection already')));
  const query = source.query;
  const texts: string[] = [];
  source.query = async (sql, params, options) => {
    if (keep(sql)) {
      texts.push(sql);
      if (delayMs > 0) await new Promise((resolve) => { setTimeout(resolve, delayMs); });
    }
    return query.call(source, sql, params, options);
  };
  return { texts, stop: () => { source.query = query; } };
}
