import { actionCalls, type ClientInputOf, type CustomAction, Messages, type StatementResult, triggerCalls } from '@rakit/core';
import { catalogOf } from '@rakit/core/catalogs';
import { compileCatalog } from '@rakit/core/translate';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiAnswer, ApiUnreachableError } from '../api/client';
import { type TestApi, testApi } from '../api/test-api';
import { i18n } from '../i18n/i18n';
import type { GlobalVariable } from '../page-state/global-variables';
import { triggerOutcomeNote } from './run-action';
import { type ButtonRun, runButtonActions } from './run-chain';

const insert: CustomAction = {
  name: 'Simpan', action: 'CUSTOM', cause: '', show: true,
  raw: { database: 1, type: 'INSERT', table: 'warga', setValues: [{ column: 'nama', source: 'nama', custom: '' }], conditions: [] },
};
const global: CustomAction = { name: 'GLOBAL', action: 'GLOBAL', cause: 'Simpan', show: true, raw: { params: [{ name: 'nama', source: 'nama', custom: '', type: 'once' }, { name: 'oleh', source: '--userId--', custom: '', type: 'permanent' }] } };
const redirect: CustomAction = { name: 'REDIRECT', action: 'REDIRECT', cause: 'GLOBAL', show: true, raw: { pageId: 4, pageSlug: 'terima-kasih' } };

// The notices are read in the specification's catalog, as a member who chose nothing reads them.
beforeAll(() => i18n.loadAndActivate({ locale: 'spec', locales: ['en-US'], messages: compileCatalog(catalogOf('spec')) }));

/** A run against fakes that records what happened, in order. */
function fakeRun(changes: Partial<ButtonRun> = {}, answer: Partial<ApiAnswer<StatementResult, never>> = { status: true, data: [] }) {
  const events: string[] = [];
  const calls: ClientInputOf<typeof actionCalls.runAction>['body'][] = [];
  const globals: GlobalVariable[] = [];
  const run: ButtonRun = {
    pageId: 12,
    componentId: 'daftar',
    userId: 'u-1',
    pageValues: () => ({ nama: 'Siti', kota: 'Bandung', lahir: new Date('2000-01-02T00:00:00Z') }),
    validateAll: () => [],
    api: testApi()
      .on(actionCalls.runAction, async ({ body }) => {
        calls.push(body);
        events.push(`runAction ${body.actionName}`);
        return { status: false, httpStatus: 200, ...answer };
      })
      .on(triggerCalls.runTrigger, async ({ params, body }) => {
        events.push(`runTrigger ${params.id} ${JSON.stringify(body)}`);
        return { status: true, httpStatus: 200 };
      }),
    fetch: async () => new Response('{}'),
    openPage: (slug) => events.push(`open ${slug}`),
    back: () => events.push('back'),
    setGlobals: (variables) => {
      globals.push(...variables);
      events.push(`globals ${variables.map((v) => v.name).join(',')}`);
    },
    saveFile: (file) => events.push(`file ${file.filename}`),
    notifySuccess: (message) => events.push(`success ${message}`),
    notifyFailure: (message) => events.push(`failure ${message}`),
    log: () => undefined,
    ...changes,
  };
  return { run, events, calls, globals, api: run.api as TestApi };
}

describe('runButtonActions', () => {
  it('checks the required fields first and runs nothing when one is empty', async () => {
    const { run, events, calls } = fakeRun({ validateAll: () => ['Nama', 'Kota'] });
    expect(await runButtonActions([insert, global, redirect], run)).toBe('refused');
    expect(events).toEqual(['failure FIELD "Nama" wajib diisi']);
    expect(calls).toEqual([]);
  });

  it('runs the insert on the server, then its chain, then notifies once', async () => {
    const { run, events, calls, globals } = fakeRun();
    expect(await runButtonActions([redirect, global, insert], run)).toBe('done');
    expect(events).toEqual(['runAction Simpan', 'globals nama,oleh', 'open terima-kasih', `success ${Messages.actionSucceeded}`]);
    expect(calls).toEqual([{ pageId: 12, componentId: 'daftar', actionName: 'Simpan', params: { nama: 'Siti', kota: 'Bandung', lahir: '2000-01-02T00:00:00.000Z' } }]);
    expect(globals).toEqual([{ name: 'nama', value: 'Siti', type: 'once' }, { name: 'oleh', value: 'u-1', type: 'permanent' }]);
  });

  it('stops at a duplicate entry and names it', async () => {
    const { run, events } = fakeRun({}, { status: false, httpStatus: 409, error: [Messages.duplicateEntry, "Duplicate entry 'x'"] });
    expect(await runButtonActions([insert, global, redirect], run)).toBe('failed');
    expect(events).toEqual(['runAction Simpan', 'failure Failed to perform the operation. Duplicate Entry For File']);
  });

  it('passes a query error\'s detail on', async () => {
    const { run, events } = fakeRun({}, { status: false, httpStatus: 400, error: [Messages.queryError, "Unknown column 'nama'"] });
    await runButtonActions([insert], run);
    expect(events.at(-1)).toBe("failure Failed to perform the operation. Query Error: Unknown column 'nama'");
  });

  it('refuses database actions of a page whose id is unknown, and triggers without an id', async () => {
    const page = fakeRun({ pageId: null });
    await runButtonActions([insert], page.run);
    expect(page.events).toEqual([`failure Failed to perform the operation. ${Messages.actionPageUnknown}`]);
    const trigger = fakeRun();
    await runButtonActions([{ name: 'T', action: 'TRIGGER', cause: '', show: true, raw: { id: null, params: [] } }], trigger.run);
    expect(trigger.events).toEqual(['failure Failed to perform the operation. trigger id kosong']);
  });

  it('runs a trigger with its named arguments and goes back after it', async () => {
    const { run, events } = fakeRun();
    await runButtonActions([
      { name: 'T', action: 'TRIGGER', cause: '', show: true, raw: { id: 8, params: [{ name: 'nama warga', source: 'nama', custom: '' }] } },
      { name: 'BACK', action: 'BACK', cause: 'T', show: true },
    ], run);
    expect(events).toEqual(['runTrigger 8 {"namawarga":"Siti"}', 'back', `success ${Messages.actionSucceeded}`]);
  });

  it('keeps a request\'s answer as $api, or saves the file it answered with', async () => {
    const request = (url: string): CustomAction => ({ name: 'REQUEST', action: 'REQUEST', cause: '', show: true, raw: { configuration: { url, method: 'UPDATE', body: '{"nama": ?}', bodyParams: [{ value: 'nama', customValue: '' }] } } });
    const sent: RequestInit[] = [];
    const json = fakeRun({
      fetch: async (_url, init) => {
        sent.push(init ?? {});
        return new Response(JSON.stringify({ ok: 1 }));
      },
    });
    await runButtonActions([request('https://api.test/warga')], json.run);
    expect(json.globals).toEqual([{ name: '$api', value: { ok: 1 }, type: 'permanent' }]);
    expect(sent[0]).toMatchObject({ method: 'PUT', body: '{"nama": "Siti"}', headers: { 'Content-Type': 'application/json' } });

    const file = fakeRun({ fetch: async () => new Response(JSON.stringify({ mimetype: 'application/pdf', filename: 'kartu.pdf', buffer: 'JVBERg==' })) });
    await runButtonActions([request('https://api.test/kartu')], file.run);
    expect(file.events).toEqual(['file kartu.pdf', `success ${Messages.actionSucceeded}`]);

    const failed = fakeRun({ fetch: async () => new Response('nope', { status: 502 }) });
    await runButtonActions([request('https://api.test/x')], failed.run);
    expect(failed.events).toEqual(['failure Failed to perform the operation. HTTP 502']);
  });

  it('does nothing for a button without actions', async () => {
    const { run, events } = fakeRun({ validateAll: () => ['Nama'] });
    expect(await runButtonActions([], run)).toBe('nothing');
    expect(events).toEqual([]);
  });
});

describe('a TRIGGER waits for its workflows (issue 12)', () => {
  const trigger: CustomAction = { name: 'T', action: 'TRIGGER', cause: '', show: true, raw: { id: 8, params: [] } };
  const back: CustomAction = { name: 'BACK', action: 'BACK', cause: 'T', show: true };
  const run = (runId: number, status: 'succeeded' | 'failed' | 'started', errors: string[] = []) => ({ runId, workflowId: 2, status, errors, output: null });

  /** A button whose trigger answers `outcome` (runTrigger's TriggerOutcome). */
  function triggered(outcome: unknown) {
    const fake = fakeRun();
    // The answer's data as the engine's runTrigger gives it; the type is the contract's.
    fake.api.on(triggerCalls.runTrigger, async () => ({ status: true, httpStatus: 200, data: outcome as never }));
    return fake;
  }

  it('says in the notice that the run succeeded, and goes on with its chain', async () => {
    const { run: button, events } = triggered({ runId: 4, triggerId: 8, status: 'succeeded', runs: [run(31, 'succeeded')], errors: [] });
    expect(await runButtonActions([trigger, back], button)).toBe('done');
    expect(events).toEqual(['back', `success ${Messages.actionSucceeded}. Workflow run #31 succeeded.`]);
  });

  it('goes on while a long run carries on, naming it', async () => {
    const { run: button, events } = triggered({ runId: 4, triggerId: 8, status: 'started', runs: [run(31, 'succeeded'), run(32, 'started')], errors: [] });
    await runButtonActions([trigger, back], button);
    expect(events.at(-1)).toBe(`success ${Messages.actionSucceeded}. Workflow run #31, #32 started; it goes on in the background.`);
  });

  it('fails the action with the failed step\'s error, which stops the chain', async () => {
    const { run: button, events } = triggered({ runId: 4, triggerId: 8, status: 'failed', runs: [run(33, 'failed', ['Kirim: HTTP 500'])], errors: [] });
    expect(await runButtonActions([trigger, back], button)).toBe('failed');
    expect(events).toEqual(['failure Failed to perform the operation. Workflow run #33 failed: Kirim: HTTP 500']);
  });

  it('adds nothing when no built workflow listens, or the run is only queued', () => {
    expect(triggerOutcomeNote({ runId: 4, triggerId: 8, status: 'no-workflow', runs: [], errors: [] })).toEqual({ note: null });
    expect(triggerOutcomeNote({ runId: 4, triggerId: 8, status: 'queued' })).toEqual({ note: null });
    expect(triggerOutcomeNote(undefined)).toEqual({ note: null });
  });
});

describe('a click while offline (issue 38)', () => {
  const trigger: CustomAction = { name: 'Kabari', action: 'TRIGGER', cause: 'Simpan', show: true, raw: { id: 7, params: [{ name: 'nama', source: 'nama', custom: '' }] } };
  const request: CustomAction = { name: 'Tanya', action: 'REQUEST', cause: '', show: true, raw: { configuration: { url: 'https://example.com', method: 'GET' } } };

  it('keeps the writes in the chain\'s order, with the values of the click, and runs the rest on the device at once', async () => {
    const kept: { steps: unknown[]; params: Record<string, unknown> }[] = [];
    const { run, events } = fakeRun({ keepForLater: { offline: true, keep: (steps, params) => kept.push({ steps, params }) } });
    expect(await runButtonActions([insert, global, redirect, trigger], run)).toBe('done');
    expect(kept).toEqual([{
      steps: [{ kind: 'action', actionName: 'Simpan' }, { kind: 'trigger', triggerId: 7, args: { nama: 'Siti' } }],
      params: { nama: 'Siti', kota: 'Bandung', lahir: '2000-01-02T00:00:00.000Z' },
    }]);
    // Nothing was sent; the global variables and the redirect happened; the notice says it waits.
    expect(events).toEqual(['globals nama,oleh', 'open terima-kasih', 'success Saved on this device. It will be sent when the connection returns.']);
  });

  it('refuses a chain that needs an answer now, and keeps nothing', async () => {
    const kept: unknown[] = [];
    const { run, events } = fakeRun({ keepForLater: { offline: true, keep: (steps) => kept.push(steps) } });
    expect(await runButtonActions([insert, request], run)).toBe('failed');
    expect(kept).toEqual([]);
    expect(events).toEqual(['failure This button needs the network (REQUEST): try again when you are online.']);
  });

  it('names each write of an online click, and keeps the click under the same name when the network drops during it', async () => {
    const keys: (string | undefined)[] = [];
    const kept: { steps: unknown[]; key: string }[] = [];
    const { run, events } = fakeRun({
      keepForLater: { offline: false, keep: (steps, _params, key) => kept.push({ steps, key }) },
    });
    const api = testApi()
      .on(actionCalls.runAction, async (_input, { requestKey }) => {
        keys.push(requestKey);
        return { status: true, httpStatus: 200, data: [] };
      })
      .on(triggerCalls.runTrigger, async (_input, { requestKey }) => {
        keys.push(requestKey);
        return { status: true, httpStatus: 202 };
      });
    run.api = api;
    expect(await runButtonActions([insert, trigger], run)).toBe('done');
    const [first, second] = keys;
    expect(first).toMatch(/^[0-9a-f]{32}\.0$/);
    expect(second).toBe(first?.replace(/\.0$/, '.1'));
    expect(kept).toEqual([]);

    // The insert reached the server, then the network dropped before the trigger: both are kept
    // under the click's key, so the server answers the insert again and runs the trigger once.
    keys.length = 0;
    events.length = 0;
    let calls = 0;
    api.on(triggerCalls.runTrigger, async (_input, { requestKey }) => {
      calls += 1;
      keys.push(requestKey);
      throw new ApiUnreachableError('POST /action/runTrigger failed');
    });
    expect(await runButtonActions([insert, global, trigger], run)).toBe('done');
    expect(calls).toBe(1);
    expect(kept).toHaveLength(1);
    expect(kept[0]?.key).toBe(keys[1]?.replace(/\.1$/, ''));
    expect(kept[0]?.steps).toEqual([{ kind: 'action', actionName: 'Simpan' }, { kind: 'trigger', triggerId: 7, args: { nama: 'Siti' } }]);
    // The global variables ran once, in the online run, not again when the click was kept.
    expect(events.filter((event) => event.startsWith('globals'))).toEqual(['globals nama,oleh']);
    expect(events.at(-1)).toBe('success Saved on this device. It will be sent when the connection returns.');
  });
});
