import { describe, expect, it } from 'vitest';
import { REDACTED, redacted } from '../src/audit/redact';

/** What the audit log keeps of what a call was sent (issue 17): secrets by field name, wherever they sit; long texts cut. */
describe('the audit log\'s redaction', () => {
  it('replaces passwords, tokens and secrets at any depth, and leaves the rest', () => {
    const sent = {
      data: { userId: 'u1', password: 'p', confirm_password: 'p', current_password: 'p' },
      dbPassword: 'd', token: 't', apiKey: 'k', 'api-key': 'k', clientSecret: 's', Authorization: 'Bearer x', passwordHash: 'h',
      rows: [{ name: 'ok', sessionKey: 'x' }],
    };
    expect(redacted(sent)).toEqual({
      data: { userId: 'u1', password: REDACTED, confirm_password: REDACTED, current_password: REDACTED },
      dbPassword: REDACTED, token: REDACTED, apiKey: REDACTED, 'api-key': REDACTED, clientSecret: REDACTED, Authorization: REDACTED, passwordHash: REDACTED,
      rows: [{ name: 'ok', sessionKey: REDACTED }],
    });
  });

  it('keeps a secret variable\'s value and a promotion\'s typed variables out, and a plain variable\'s value in (issue 39)', () => {
    expect(redacted({ appId: 1, name: 'API_KEY', secret: true, value: 'k' })).toEqual({ appId: 1, name: 'API_KEY', secret: REDACTED, value: REDACTED });
    expect(redacted({ appId: 1, name: 'BRANCH', secret: false, value: 'JKT' })).toEqual({ appId: 1, name: 'BRANCH', secret: REDACTED, value: 'JKT' });
    expect(redacted({ appId: 1, newVariables: { API_KEY: 'k' } })).toEqual({ appId: 1, newVariables: REDACTED });
  });

  it('cuts long texts, long lists and deep nesting', () => {
    expect(redacted('x'.repeat(5000))).toMatch(/^x{2000}… \(5000 characters\)$/);
    const list = redacted(Array.from({ length: 250 }, (_, i) => i)) as unknown[];
    expect(list).toHaveLength(201);
    expect(list[200]).toBe('(50 more)');
    expect(JSON.stringify(redacted({ a: { b: { c: { d: { e: { f: { g: 1 } } } } } } }))).toContain('(…)');
  });
});
