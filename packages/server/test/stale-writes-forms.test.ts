import { Messages } from '@rakit/core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPdfTemplate } from '../src/store/repositories/pdf-templates';
import { ADMIN_PASSWORD, buildTestServer, type TestServer } from './support/build';
import { availableEngines } from './support/engines';
import { createSqliteDatabase } from './support/fixtures';
import { type HostileBuilder, hostileBuilder } from './trust-boundary/hostile';

const engines = await availableEngines();

/** The four writes of a race, in the order they are made. */
type Label = 'first' | 'second' | 'merged' | 'blind';

interface Stored { revision: number }

/** The self-registered builder who administers the application these forms belong to. */
const ADMIN_USER = '081433100001';

/**
 * One kind of object edited whole in a form (issue 33): how the form loads it (the read call's
 * answer for it), writes it with a value standing for `label`, and where the store keeps it.
 */
interface FormKind<T extends Stored> {
  load: () => Promise<T>;
  write: (label: Label, revision: number | undefined) => Promise<LightMyRequestResponse>;
  valueIn: (current: T) => Label | undefined;
  stored: () => Promise<{ label: Label | undefined; revision: number }>;
  /** A secret the store keeps for the object, which no answer may carry. */
  secret?: () => Promise<string[]>;
  /** Who makes the writes (the refusal names him as who saved it last); the application's administrator unless said. */
  author?: string;
}

const SECRET = 'kata-sandi-rahasia-33';

/** The label a value stands for in `values`. */
const labelOf = <V>(values: Record<Label, V>, value: V) => (Object.keys(values) as Label[]).find((label) => values[label] === value);

/**
 * Issue 33 on the forms administrators save whole (connections, third parties, PDF templates,
 * triggers, stored queries): a save based on a revision another has replaced is refused with 409
 * and the object as the form would load it now, never with a secret, and the first save stays.
 */
describe.each(engines)('stale form writes on %s', (engine) => {
  let server: TestServer;
  let appId: number;
  let admin: string;
  let root: string;
  let outsider: HostileBuilder;

  /** A connection to a SQLite file of `ownerAppId`. */
  async function sqliteConnection(ownerAppId: number, token: string, name: string, extra: Record<string, unknown> = {}) {
    createSqliteDatabase(server.app.services.config.dataDir, ownerAppId, name, 'CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY)');
    const saved = await server.call('POST', '/save/saveDbConfig', { dbId: null, dbAppId: ownerAppId, dbType: 'sqlite', dbDatabase: name, ...extra }, token);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.revision).toBe(1);
    return saved.json().data.dbId as number;
  }

  beforeAll(async () => {
    // The operator's mail relay runs on this machine.
    server = await buildTestServer(engine, { allowPrivateSmtp: true });
    await server.register('081433100001', 'password-1');
    const builder = await server.login(ADMIN_USER, 'password-1', 'main');
    let appSlug: string;
    ({ appId, appSlug } = (await server.call('POST', '/save/saveApp', { appId: null, appName: 'Dua Form', appDescription: '' }, builder)).json().data);
    admin = await server.login(ADMIN_USER, 'password-1', appSlug);
    root = await server.login('admin', ADMIN_PASSWORD, '_root');
    outsider = await hostileBuilder(server);
  });
  afterAll(async () => { await server.close(); });

  /**
   * Both forms loaded one revision: the first save passes and says the next revision; the
   * second is refused with exactly what the form would load now; a save based on that passes,
   * and so does one naming no revision (the spec's body).
   */
  async function playFormRace<T extends Stored>(kind: FormKind<T>) {
    const loaded = await kind.load();
    const first = await kind.write('first', loaded.revision);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.revision).toBe(loaded.revision + 1);

    const second = await kind.write('second', loaded.revision);
    expect(second.statusCode, second.body).toBe(409);
    const refusal = second.json() as { status: boolean; error: string[]; data: T; savedBy: string | null };
    expect(refusal.status).toBe(false);
    // Who saved what replaced his copy, for the form to name.
    expect(refusal.savedBy).toBe(kind.author ?? ADMIN_USER);
    expect(refusal.error).toEqual([Messages.staleWrite]);
    expect(refusal.data).toEqual(await kind.load());
    expect(kind.valueIn(refusal.data)).toBe('first');
    expect(refusal.data.revision).toBe(loaded.revision + 1);
    expect(await kind.stored()).toEqual({ label: 'first', revision: loaded.revision + 1 });
    if (kind.secret !== undefined) {
      expect(Object.keys(refusal.data).filter((key) => /password/i.test(key) && key !== 'hasPassword')).toEqual([]);
      for (const secret of await kind.secret()) expect(second.body).not.toContain(secret);
    }

    const merged = await kind.write('merged', refusal.data.revision);
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json().data.revision).toBe(loaded.revision + 2);
    expect(await kind.stored()).toEqual({ label: 'merged', revision: loaded.revision + 2 });

    const blind = await kind.write('blind', undefined);
    expect(blind.statusCode, blind.body).toBe(200);
    expect(blind.json().data.revision).toBe(loaded.revision + 3);
    expect(await kind.stored()).toEqual({ label: 'blind', revision: loaded.revision + 3 });
  }

  /**
   * The administrator of another application sends the edit for this application's object, at
   * its current revision and at another: refused without the object, and nothing changes.
   */
  async function expectRefusedToOutsider(attempts: ((revision: number) => Promise<LightMyRequestResponse>)[], row: () => Promise<unknown>, revision: number) {
    const before = await row();
    for (const attempt of attempts) {
      for (const based of [revision, revision + 1]) {
        const answer = await attempt(based);
        expect([403, 404], answer.body).toContain(answer.statusCode);
        expect(answer.json().data).toBeUndefined();
      }
    }
    expect(await row()).toEqual(before);
  }

  describe('connections: saveDbConfig', () => {
    const limits: Record<Label, number> = { first: 11, second: 12, merged: 13, blind: 14 };
    const loadConnection = async (dbId: number) => {
      const listed = (await server.call('GET', `/get/getDbConf/${appId}`, undefined, admin)).json().data as ({ dbId: number } & Stored)[];
      return listed.find((connection) => connection.dbId === dbId)!;
    };
    const row = (dbId: number) => server.store.selectFrom('dbConfigs').selectAll().where('dbId', '=', dbId).executeTakeFirstOrThrow();
    /** Each connection's file: an edit leaves it where it is. */
    const files = new Map<number, string>();
    const edit = (dbId: number, dbTimeLimit: number, revision: number | undefined, token = admin, dbAppId = appId) =>
      server.call('POST', '/save/saveDbConfig', { dbId, dbAppId, dbType: 'sqlite', dbDatabase: files.get(dbId), dbTimeLimit, revision }, token);
    /** A connection whose password is stored (the edits leave it empty: kept). */
    const connection = async () => {
      const file = `kasir-${files.size + 1}`;
      const dbId = await sqliteConnection(appId, admin, file, { dbPassword: SECRET, dbTimeLimit: 10 });
      files.set(dbId, file);
      return dbId;
    };

    it('refuses a save from a replaced revision with the connection as stored, never its password', async () => {
      const dbId = await connection();
      const listed = (await server.call('GET', `/get/listDatabase/${appId}`, undefined, admin)).json().data as ({ dbId: number } & Stored)[];
      expect(listed.find((db) => db.dbId === dbId)?.revision).toBe(1);
      await playFormRace({
        load: () => loadConnection(dbId),
        write: (label, revision) => edit(dbId, limits[label], revision),
        valueIn: (current) => labelOf(limits, (current as unknown as { dbTimeLimit: number }).dbTimeLimit),
        stored: async () => {
          const stored = await row(dbId);
          return { label: labelOf(limits, stored.dbTimeLimit), revision: stored.revision };
        },
        secret: async () => [SECRET, (await row(dbId)).dbPasswordEnc],
      });
      // An edit with an empty password kept the stored one all along.
      expect(server.app.services.secretBox.open((await row(dbId)).dbPasswordEnc)).toBe(SECRET);
    });

    it('lets exactly one of three saves from one revision through when they arrive together', async () => {
      const dbId = await connection();
      const { revision } = await loadConnection(dbId);
      const answers = await Promise.all([21, 22, 23].map((limit) => edit(dbId, limit, revision)));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
      const winner = answers.findIndex((answer) => answer.statusCode === 200);
      const stored = await row(dbId);
      expect([stored.dbTimeLimit, stored.revision]).toEqual([[21, 22, 23][winner], revision + 1]);
      for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
        expect(refused.json().data).toMatchObject({ dbId, dbTimeLimit: [21, 22, 23][winner], revision: revision + 1 });
      }
    });

    it('refuses the administrator of another application', async () => {
      const dbId = await connection();
      const { revision } = await loadConnection(dbId);
      await expectRefusedToOutsider([
        (based) => edit(dbId, 99, based, outsider.token, outsider.appId),
        (based) => edit(dbId, 99, based, outsider.token),
      ], () => row(dbId), revision);
    });
  });

  describe('third parties: saveThirdParty', () => {
    const body = (name: string) => ({ kind: 'smtp', name, host: '127.0.0.1', port: 2525, security: 'none', username: 'robot', fromAddress: 'robot@example.com' });
    const row = (serviceId: number) => server.store.selectFrom('thirdParties').selectAll().where('serviceId', '=', serviceId).executeTakeFirstOrThrow();
    const edit = (serviceId: number, name: string, revision: number | undefined, token = root) =>
      server.call('POST', '/save/saveThirdParty', { ...body(name), serviceId, password: '', revision }, token);
    const loadService = async (serviceId: number) => {
      const listed = (await server.call('GET', '/get/listThirdParties', undefined, root)).json().data as ({ serviceId: number; name: string } & Stored)[];
      return listed.find((service) => service.serviceId === serviceId)!;
    };
    const service = async (name: string) => {
      const created = await server.call('POST', '/save/saveThirdParty', { ...body(name), serviceId: null, password: SECRET }, root);
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().data.revision).toBe(1);
      return created.json().data.serviceId as number;
    };

    it('refuses a save from a replaced revision with the service as stored, never its password', async () => {
      const serviceId = await service('Relay');
      await playFormRace({
        author: 'admin',
        load: () => loadService(serviceId),
        write: (label, revision) => edit(serviceId, `Relay ${label}`, revision),
        valueIn: (current) => current.name.replace('Relay ', '') as Label,
        stored: async () => {
          const stored = await row(serviceId);
          return { label: stored.serviceName.replace('Relay ', '') as Label, revision: stored.revision };
        },
        secret: async () => [SECRET, (await row(serviceId)).passwordEnc],
      });
      expect(server.app.services.secretBox.open((await row(serviceId)).passwordEnc)).toBe(SECRET);
    });

    it('refuses the administrator of another application', async () => {
      const serviceId = await service('Relay guarded');
      const { revision } = await loadService(serviceId);
      await expectRefusedToOutsider([
        (based) => edit(serviceId, 'Taken', based, outsider.token),
        (based) => edit(serviceId, 'Taken', based, outsider.mainToken),
      ], () => row(serviceId), revision);
    });
  });

  describe('PDF templates: PUT /file/template/:id', () => {
    const row = (templateId: number) => server.store.selectFrom('pdfTemplates').selectAll().where('templateId', '=', templateId).executeTakeFirstOrThrow();
    const edit = (templateId: number, templateName: string, revision: number | undefined, token = admin) =>
      server.call('PUT', `/file/template/${templateId}`, { templateName, fields: [{ name: 'total', source: 'pattern', pattern: 'Total (\\S+)' }], revision }, token);
    const loadTemplate = async (templateId: number) =>
      (await server.call('GET', `/file/getTemplateField/${templateId}`, undefined, admin)).json().data as { templateName: string } & Stored;
    // Made as the upload makes it, without reading a PDF: the edit is what is played here.
    const template = () => insertPdfTemplate(server.store, {
      templateAppId: appId, templateName: 'Faktur', fields: '[]', pages: '[{"width":595,"height":842}]', formFields: '[]',
      sampleSize: 0, createdBy: '081433100001', updatedAt: new Date().toISOString(), sampleFileId: null,
    });

    it('refuses a save from a replaced revision with the template as stored', async () => {
      const templateId = await template();
      const listed = (await server.call('GET', `/file/getTemplateList?appId=${appId}`, undefined, admin)).json().data as ({ templateId: number } & Stored)[];
      expect(listed.find((t) => t.templateId === templateId)?.revision).toBe(1);
      await playFormRace({
        load: () => loadTemplate(templateId),
        write: (label, revision) => edit(templateId, `Faktur ${label}`, revision),
        valueIn: (current) => current.templateName.replace('Faktur ', '') as Label,
        stored: async () => {
          const stored = await row(templateId);
          return { label: stored.templateName.replace('Faktur ', '') as Label, revision: stored.revision };
        },
      });
    });

    it('refuses the administrator of another application', async () => {
      const templateId = await template();
      await expectRefusedToOutsider([(based) => edit(templateId, 'Taken', based, outsider.token)], () => row(templateId), 1);
    });
  });

  describe('triggers: saveTrigger', () => {
    const row = (triggerId: number) => server.store.selectFrom('triggers').selectAll().where('triggerId', '=', triggerId).executeTakeFirstOrThrow();
    const edit = (triggerId: number, triggerAlias: string, revision: number | undefined, token = admin, triggerAppId = appId) =>
      server.call('POST', '/action/saveTrigger', { triggerId, triggerAppId, triggerAlias, triggerParams: '["nomor"]', revision }, token);
    const loadTrigger = async (triggerId: number) => {
      const listed = (await server.call('GET', `/action/listTriggers/${appId}`, undefined, admin)).json().data as ({ triggerId: number; triggerAlias: string } & Stored)[];
      return listed.find((trigger) => trigger.triggerId === triggerId)!;
    };
    const trigger = async () => {
      const created = await server.call('POST', '/action/saveTrigger', { triggerId: null, triggerAppId: appId, triggerAlias: 'Kirim', triggerParams: '["nomor"]' }, admin);
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().data.revision).toBe(1);
      return created.json().data.action.actionId as number;
    };

    it('refuses a save from a replaced revision with the trigger as stored', async () => {
      const triggerId = await trigger();
      await playFormRace({
        load: () => loadTrigger(triggerId),
        write: (label, revision) => edit(triggerId, `Kirim ${label}`, revision),
        valueIn: (current) => current.triggerAlias.replace('Kirim ', '') as Label,
        stored: async () => {
          const stored = await row(triggerId);
          return { label: stored.triggerName.replace('Kirim ', '') as Label, revision: stored.revision };
        },
      });
    });

    it('refuses the administrator of another application', async () => {
      const triggerId = await trigger();
      await expectRefusedToOutsider([
        (based) => edit(triggerId, 'Taken', based, outsider.token, outsider.appId),
        (based) => edit(triggerId, 'Taken', based, outsider.token),
      ], () => row(triggerId), 1);
    });
  });

  describe('stored queries: saveQuery', () => {
    let dbId: number;
    let outsiderDbId: number;
    beforeAll(async () => {
      dbId = await sqliteConnection(appId, admin, 'gudang');
      outsiderDbId = await sqliteConnection(outsider.appId, outsider.token, 'milik-sendiri');
    });
    const row = (actionId: number) => server.store.selectFrom('queries').selectAll().where('actionId', '=', actionId).executeTakeFirstOrThrow();
    const edit = (actionId: number, actionName: string, revision: number | undefined, token = admin, actionDbId = dbId) =>
      server.call('POST', '/save/saveQuery', { actionId, actionDbId, actionPageId: 0, actionName, actionSQLQuery: 'SELECT id FROM t', revision }, token);
    const loadQuery = async (actionId: number) => {
      const listed = (await server.call('GET', `/action/listQueries/${dbId}`, undefined, admin)).json().data as ({ actionId: number; actionName: string } & Stored)[];
      return listed.find((query) => query.actionId === actionId)!;
    };
    const query = async () => {
      const created = await server.call('POST', '/save/saveQuery', { actionId: null, actionDbId: dbId, actionPageId: 0, actionName: 'Stok', actionSQLQuery: 'SELECT id FROM t' }, admin);
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().data.revision).toBe(1);
      return created.json().data.actionId as number;
    };

    it('refuses a save from a replaced revision with the query as stored', async () => {
      const actionId = await query();
      await playFormRace({
        load: () => loadQuery(actionId),
        write: (label, revision) => edit(actionId, `Stok ${label}`, revision),
        valueIn: (current) => current.actionName.replace('Stok ', '') as Label,
        stored: async () => {
          const stored = await row(actionId);
          return { label: stored.actionName.replace('Stok ', '') as Label, revision: stored.revision };
        },
      });
    });

    it('refuses the administrator of another application', async () => {
      const actionId = await query();
      await expectRefusedToOutsider([
        (based) => edit(actionId, 'Taken', based, outsider.token, outsiderDbId),
        (based) => edit(actionId, 'Taken', based, outsider.token),
      ], () => row(actionId), 1);
    });
  });
});
