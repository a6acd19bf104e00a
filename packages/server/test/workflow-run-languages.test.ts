import { randomBytes } from 'node:crypto';
import { Messages, TEMPLATE_LIMITS } from '@rakit/core';
import { translate } from '@rakit/core/translate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, languageCall } from './support/language-call';
import { buildTestServer, type TestServer } from './support/build';
import { type HostileBuilder, hostileBuilder } from './trust-boundary/hostile';

/**
 * A workflow run's failure in each reader's language (issue 35): the run records its pieces (the
 * step's alias and the author's names as written, Rakit's own words as catalog keys), and each
 * answer (the run's outcome, the Runs panel's list and detail) says them in the caller's catalog.
 * A run recorded before the pieces were kept still reads, a text of messages.json translated.
 * What the author wrote (an alias, a parameter's name) is never read as a catalog text.
 */
describe('a failed run in the caller\'s language', () => {
  let server: TestServer;
  let author: HostileBuilder;
  let chainId = 0;
  let runId = 0;
  // ICU syntax in an alias and a parameter name: shown as typed, never formatted.
  const alias = '{x, select, other {pwned}} Tulis';
  const parameter = 'big';

  const call = languageCall(() => server, () => author.token);
  const must = dataOf;
  const tooLong = (language: 'spec' | 'id' | 'en') =>
    `${alias}: values: ${parameter}: ${translate(language, 'workflow.template.resolvedTooLong', { max: String(TEMPLATE_LIMITS.maxResolvedLength) })}`;

  beforeAll(async () => {
    server = await buildTestServer('sqlite');
    author = await hostileBuilder(server);
    chainId = (await must(call('POST', '/save/saveWorkflow', { chainId: null, chainAppId: author.appId, chainName: `Runs ${randomBytes(2).toString('hex')}`, chainTrigger: null }))).chainId as number;
    await must(call('POST', '/save/saveAction', {
      actionId: null, actionChainId: chainId, actionAlias: alias, addonName: 'variable',
      actionParams: JSON.stringify({ values: JSON.stringify({ [parameter]: '{{$0.x}}'.repeat(250) }) }),
    }));
    expect((await must(call('POST', `/action/buildWorkflow/${chainId}`, {}))).built).toBe(true);
  });
  afterAll(async () => { await server.close(); });

  it('answers the run\'s failure in the specification\'s words, in Indonesian and in English', async () => {
    const input = { params: { x: 'x'.repeat(20_000) } };
    const spec = await must(call('POST', `/action/runWorkflow/${chainId}`, input));
    runId = spec.runId as number;
    expect(spec).toMatchObject({ status: 'failed', errors: [tooLong('spec')] });
    expect(tooLong('spec')).toContain('The filled-in text would be longer than');

    const rerunIn = async (language: 'id' | 'en') => must(call('POST', `/action/rerunWorkflowRun/${runId}`, {}, language));
    expect(await rerunIn('id')).toMatchObject({ status: 'failed', errors: [tooLong('id')] });
    expect(tooLong('id')).toContain('Teks yang sudah diisi akan lebih dari');
    expect(await rerunIn('en')).toMatchObject({ status: 'failed', errors: [tooLong('en')] });
  });

  it('says the Runs panel\'s list and detail in the reader\'s catalog', async () => {
    const list = (await call('GET', `/action/workflowRuns/${chainId}`, undefined, 'id')).json().data as { runId: number; error: string | null }[];
    expect(list.find((run) => run.runId === runId)?.error).toBe(tooLong('id'));
    const detail = (await call('GET', `/action/workflowRun/${runId}`, undefined, 'id')).json().data as { error: string; steps: { error: string | null }[] };
    expect(detail.error).toBe(tooLong('id'));
    expect(detail.steps[0]?.error).toBe(`values: ${parameter}: ${translate('id', 'workflow.template.resolvedTooLong', { max: String(TEMPLATE_LIMITS.maxResolvedLength) })}`);
    const spec = (await call('GET', `/action/workflowRun/${runId}`, undefined)).json().data as { error: string };
    expect(spec.error).toBe(tooLong('spec'));
    // The stored wording stays the specification's: what logs and older readers see.
    const stored = await server.store.selectFrom('workflowRuns').select(['error', 'errorText']).where('runId', '=', runId).executeTakeFirstOrThrow();
    expect(stored.error).toBe(tooLong('spec'));
    expect(JSON.parse(stored.errorText ?? 'null')[0]).toBe(`${alias}: `);
  });

  it('reads a run recorded before its pieces were kept, translating a text of messages.json', async () => {
    await server.store.updateTable('workflowRuns').set({ error: Messages.actionNotFound, errorText: null }).where('runId', '=', runId).execute();
    await server.store.updateTable('workflowStepRuns').set({ error: 'connect ECONNREFUSED 10.0.0.7:3306', errorText: null }).where('runId', '=', runId).execute();
    const detail = (await call('GET', `/action/workflowRun/${runId}`, undefined, 'id')).json().data as { error: string; steps: { error: string | null }[] };
    expect(detail.error).toBe(translate('id', 'actionNotFound'));
    // A database's own words are said as it said them.
    expect(detail.steps[0]?.error).toBe('connect ECONNREFUSED 10.0.0.7:3306');
  });

  it('reads stored pieces naming no catalog text as the words they hold, never a key', async () => {
    await server.store.updateTable('workflowRuns').set({ error: 'was', errorText: JSON.stringify([{ key: 'workflow.failure.renamedSince' }]) }).where('runId', '=', runId).execute();
    const detail = (await call('GET', `/action/workflowRun/${runId}`, undefined, 'id')).json().data as { error: string };
    expect(detail.error).toBe('was');
  });
});
