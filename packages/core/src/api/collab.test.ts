import { describe, expect, it } from 'vitest';
import { collabCloses, collabLossOf, collabNews, collabNewsOf } from './collab';

describe('the co-editing socket\'s protocol', () => {
  it('tells why the server ended a connection from the reason the provider reports, or from a socket\'s own code', () => {
    for (const kind of ['page', 'workflow'] as const) {
      const closes = collabCloses(kind);
      expect(collabLossOf({ code: 1000, reason: closes.forbidden.reason })).toBe('forbidden');
      expect(collabLossOf({ code: 1000, reason: closes.refused.reason })).toBe('refused');
      expect(collabLossOf({ code: 1000, reason: closes.deleted.reason })).toBe('deleted');
    }
    expect(collabLossOf({ code: 1009, reason: '' })).toBe('refused');
    expect(collabLossOf({ code: 4403, reason: '' })).toBe('forbidden');
    // A dropped connection (the network, a replica gone) is joined again.
    expect(collabLossOf({ code: 1006, reason: '' })).toBeUndefined();
    expect(collabLossOf({ code: 1000, reason: 'going away' })).toBeUndefined();
  });

  it('reads the server\'s news, and nothing else', () => {
    expect(collabNewsOf(collabNews.stored(4, 'AQID'))).toEqual({ type: 'stored', revision: 4, snapshot: 'AQID' });
    expect(collabNewsOf(collabNews.deleted)).toEqual({ type: 'deleted' });
    expect(collabNewsOf('{"type":"stored","revision":"x"}')).toBeUndefined();
    expect(collabNewsOf('not json')).toBeUndefined();
  });
});
