import type { SearchIndexJob } from '@rakit/core';
import { expect } from 'vitest';
import type { TestServer } from './build';
import type { DataWidgetApp } from './data-widget-app';
import type { EngineName } from './engines';

/** A small seeded generator (mulberry32): the same rows and terms on every run. */
export function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6D2B79F5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A text as an SQL string literal (setup statements only: never caller-supplied text); MariaDB's
 * literals also take a backslash as an escape.
 */
export const sqlText = (text: string, engine?: EngineName) =>
  `'${(engine === 'mysql' ? text.replaceAll('\\', '\\\\') : text).replaceAll('\'', '\'\'')}'`;

/**
 * Adds a search index on `columns` of the app's table as its administrator (POST
 * /save/addSearchIndex) and waits for the build to end; the job must be done without a message.
 */
export async function addSearchIndex(server: TestServer, widgetApp: DataWidgetApp, columns: string[], table = widgetApp.fixture.table): Promise<SearchIndexJob> {
  const started = await server.call('POST', '/save/addSearchIndex', { dbId: widgetApp.dbId, table, columns }, widgetApp.admin);
  expect(started.statusCode, started.body).toBe(200);
  let job = started.json().data as SearchIndexJob;
  for (let waited = 0; job.state === 'running' && waited < 60_000; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    job = (await server.call('GET', `/get/searchIndexProgress/${widgetApp.dbId}`, undefined, widgetApp.admin)).json().data as SearchIndexJob;
  }
  expect(job).toMatchObject({ state: 'done', message: null });
  return job;
}
