import { type AuditPage, Messages } from '@rakit/core';
import { translate } from '@rakit/core/translate';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushAudit } from '../src/audit/record';
import { insertAuditEntry } from '../src/store/repositories/audit-log';
import { dataOf, languageCall } from './support/language-call';
import { buildTestServer, type TestServer } from './support/build';
import { availableEngines } from './support/engines';
import { type HostileBuilder, hostileBuilder } from './trust-boundary/hostile';

/**
 * The audit log in each reader's language (issue 35): an entry keeps its summary as pieces (the
 * names of what changed as written, Rakit's words as catalog keys), and the list and the Excel
 * export say them in the caller's catalog. An entry recorded before the pieces were kept reads
 * as stored. The names a builder types are never read as catalog texts: he is untrusted.
 */
const engines = await availableEngines();

describe.each(engines)('the audit log in the reader\'s language on a %s store', (engine) => {
  let server: TestServer;
  let author: HostileBuilder;
  // ICU syntax and a catalog key as names: shown as typed, never formatted or looked up.
  const menuName = '{x, select, other {pwned}} audit.logExported';

  const call = languageCall(() => server, () => author.token);
  const must = dataOf;
  const log = async (query: Record<string, string>, language?: string) => {
    await flushAudit(server.store);
    return (await must(call('GET', `/audit/list?${new URLSearchParams({ appId: String(author.appId), ...query }).toString()}`, undefined, language))) as unknown as AuditPage;
  };
  const summaries = async (query: Record<string, string>, language?: string) => (await log(query, language)).entries.map((entry) => entry.summary);

  beforeAll(async () => {
    server = await buildTestServer(engine);
    author = await hostileBuilder(server);
  });
  afterAll(async () => { await server?.close(); });

  it('says what a domain module recorded in the specification\'s words, in Indonesian and in English, the names as typed', async () => {
    await must(call('POST', '/save/saveMenu', { menuName, menuAppId: author.appId }));
    expect(await summaries({ action: 'saveMenu' })).toEqual([`Added menu ${menuName}`]);
    expect(await summaries({ action: 'saveMenu' }, 'id')).toEqual([`Menambahkan menu ${menuName}`]);
    expect(await summaries({ action: 'saveMenu' }, 'en')).toEqual([`Added menu ${menuName}`]);
    // The store keeps the specification's wording beside the pieces: what reads the table without Rakit reads a sentence.
    const stored = await server.store.selectFrom('auditLog').select(['summary', 'summaryText']).where('action', '=', 'saveMenu').where('appId', '=', author.appId).executeTakeFirstOrThrow();
    expect(stored.summary).toBe(`Added menu ${menuName}`);
    expect(JSON.parse(stored.summaryText ?? 'null')).toEqual([{ key: 'audit.menuAdded', values: { menu: menuName } }]);
  });

  it('says what a call did when its module recorded nothing of its own, in the caller\'s language', async () => {
    const chainId = (await must(call('POST', '/save/saveWorkflow', { chainId: null, chainAppId: author.appId, chainName: 'Tulis', chainTrigger: null }))).chainId as number;
    await must(call('POST', '/save/saveAction', { actionId: null, actionChainId: chainId, actionAlias: 'Catat', addonName: 'variable', actionParams: JSON.stringify({ values: '{"a":"1"}' }) }));
    await must(call('POST', `/action/buildWorkflow/${chainId}`, {}));
    await must(call('POST', `/action/runWorkflow/${chainId}`, { params: {} }));
    expect(await summaries({ action: 'runWorkflow' })).toEqual([`Ran a workflow (workflow ${chainId})`]);
    expect(await summaries({ action: 'runWorkflow' }, 'id')).toEqual([`Menjalankan alur kerja (workflow ${chainId})`]);
    expect(await summaries({ action: 'buildWorkflow' }, 'id')).toEqual([expect.stringMatching(/^Mem-build versi \d+ alur kerja Tulis$/)]);
  });

  it('translates the reason of a refused sign-in with the rest of its summary', async () => {
    const refused = await server.app.inject({ method: 'POST', url: '/auth/login', payload: { userId: author.userId, password: 'not-his-password-1', appSlug: author.appSlug } });
    expect(refused.statusCode).toBe(401);
    const [spec] = await summaries({ action: 'loginFailed' });
    const [id] = await summaries({ action: 'loginFailed' }, 'id');
    expect(spec).toBe(`Sign-in to ${author.appSlug} refused: ${Messages.loginFailed}`);
    expect(id).toBe(`Masuk ke ${author.appSlug} ditolak: ${translate('id', 'loginFailed')}`);
    expect(translate('id', 'loginFailed')).not.toBe(Messages.loginFailed);
  });

  it('reads an entry recorded before summaries had pieces as it was stored, a text of messages.json in it translated', async () => {
    const at = new Date().toISOString();
    const before = { at, actorId: author.userId, appId: author.appId, entityType: 'menu', entityId: null, details: '{}', sourceAddress: null };
    await insertAuditEntry(server.store, { ...before, action: 'oldSentence', summary: 'Added menu Laporan' });
    await insertAuditEntry(server.store, { ...before, action: 'oldMessage', summary: Messages.menuNotFound });
    // Pieces that do not read (a key renamed since): the stored wording.
    await insertAuditEntry(server.store, { ...before, action: 'oldKey', summary: 'Renamed since', summaryText: JSON.stringify([{ key: 'audit.noSuchKey' }]) });
    expect(await summaries({ action: 'oldSentence' }, 'id')).toEqual(['Added menu Laporan']);
    expect(await summaries({ action: 'oldMessage' }, 'id')).toEqual([translate('id', 'menuNotFound')]);
    expect(await summaries({ action: 'oldKey' }, 'id')).toEqual(['Renamed since']);
  });

  it('exports the log with its headers and summaries in the caller\'s language', async () => {
    const answer = await call('GET', `/audit/export?appId=${author.appId}&action=saveMenu`, undefined, 'id');
    expect(answer.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    const rows = (book.worksheets[0]?.getSheetValues() ?? []).filter(Array.isArray).map((r) => (r as unknown[]).slice(1));
    expect(rows[0]).toEqual(['Waktu (UTC)', 'Siapa', 'Aplikasi', 'Aksi', 'Entitas', 'Id entitas', 'Ringkasan', 'Rincian', 'Alamat']);
    expect(rows.slice(1).map((row) => row[6])).toEqual([`Menambahkan menu ${menuName}`]);
    expect(await summaries({ action: 'exportAuditLog' }, 'id')).toEqual(['Mengekspor log audit']);
  });
});
