import { describe, expect, it } from 'vitest';
import {
  actionFailureDetail, actionFailureMessage, followersOf, reachableActions, requiredFieldsFailure, runActionChain,
} from './action-chain';

const action = (name: string, cause = '') => ({ name, cause });

describe('runActionChain', () => {
  it('runs the top-level actions in order, each followed by its chain, depth first', async () => {
    const actions = [action('Simpan'), action('Redirect', 'Global'), action('Global', 'Simpan'), action('Log'), action('Notify', 'Simpan')];
    const ran: string[] = [];
    const result = await runActionChain(actions, async (a) => { ran.push(a.name); });
    expect(ran).toEqual(['Simpan', 'Global', 'Redirect', 'Notify', 'Log']);
    expect(result.done.map((a) => a.name)).toEqual(ran);
    expect(result.failed).toBeUndefined();
  });

  it('stops everything at the first failure', async () => {
    const actions = [action('Insert'), action('Global', 'Insert'), action('Other')];
    const ran: string[] = [];
    const result = await runActionChain(actions, async (a) => {
      ran.push(a.name);
      if (a.name === 'Insert') throw new Error('Duplicate Entry For File');
    });
    expect(ran).toEqual(['Insert']);
    expect(result.done).toEqual([]);
    expect(result.failed?.action.name).toBe('Insert');
    expect((result.failed?.error as Error).message).toBe('Duplicate Entry For File');
  });

  it('stops a chain half way and keeps what already ran', async () => {
    const actions = [action('A'), action('B', 'A'), action('C', 'B')];
    const result = await runActionChain(actions, async (a) => { if (a.name === 'B') throw new Error('no'); });
    expect(result.done.map((a) => a.name)).toEqual(['A']);
    expect(result.failed?.action.name).toBe('B');
  });

  it('runs each action once even when causes form a cycle, and never starts a chain from an unnamed action', async () => {
    const ran: string[] = [];
    await runActionChain([action('A'), action('B', 'A'), action('A', 'B'), action('', '')], async (a) => { ran.push(a.name); });
    expect(ran).toEqual(['A', 'B', 'A', '']);
    const lonely: string[] = [];
    await runActionChain([action('X', 'missing')], async (a) => { lonely.push(a.name); });
    expect(lonely).toEqual([]);
  });

  it('treats a missing cause as top-level', () => {
    expect(followersOf([{ name: 'A' }, { name: 'B', cause: 'A' }], '')).toEqual([0]);
  });

  it('knows beforehand which actions a run may reach: what runs when everything succeeds', async () => {
    const lists = [
      [action('Simpan'), action('Redirect', 'Global'), action('Global', 'Simpan'), action('Log'), action('Notify', 'Simpan')],
      [action('A'), action('B', 'A'), action('A', 'B'), action('', ''), action('X', 'missing'), action('Y', 'X')],
      [],
    ];
    for (const actions of lists) {
      const ran: { name: string; cause: string }[] = [];
      await runActionChain(actions, async (a) => { ran.push(a); });
      expect(reachableActions(actions)).toEqual(ran);
    }
    expect(reachableActions([action('Query'), action('Print', 'Other')]).map((a) => a.name)).toEqual(['Query']);
  });
});

describe('messages of a run', () => {
  it('names the first empty required field', () => {
    expect(requiredFieldsFailure(['Nama', 'Kota'])).toBe('FIELD "Nama" wajib diisi');
    expect(requiredFieldsFailure([])).toBeNull();
  });

  it('reads the server\'s error list the way spec 1 §8 does', () => {
    expect(actionFailureDetail(['Duplicate Entry For File', "Duplicate entry '1' for key 'PRIMARY'"])).toBe('Duplicate Entry For File');
    expect(actionFailureDetail(['Query Error', "Unknown column 'x'"])).toBe("Query Error: Unknown column 'x'");
    expect(actionFailureDetail(['Query Error'])).toBe('Query Error');
    // In another catalog the text differs and the answer's code tells (issue 35).
    expect(actionFailureDetail(['Kesalahan kueri', "Unknown column 'x'"], '', 'queryError')).toBe("Kesalahan kueri: Unknown column 'x'");
    expect(actionFailureDetail(['Data ganda', "Duplicate entry '1'"], '', 'duplicateEntry')).toBe('Data ganda');
    expect(actionFailureDetail(['Action not found'])).toBe('Action not found');
    expect(actionFailureDetail(undefined, 'offline')).toBe('offline');
    expect(actionFailureMessage('Query Error')).toBe('Failed to perform the operation. Query Error');
    expect(actionFailureMessage('')).toBe('Failed to perform the operation.');
  });
});
