import { type Group, SUPER_ADMIN_MARKER } from '@rakit/core';
import { describe, expect, it } from 'vitest';
import { Principal } from '../src/auth/principal';

const group = (groupId: number, groupAppId: string, groupSlug: string, menuId: number[] = []): Group => ({
  groupId, groupName: groupSlug, groupAppId, groupSlug, groupIsDefault: '0', groupAccess: { pageId: [], actionId: [], menuId },
});

describe('the caller\'s groups of an application', () => {
  it('are those whose groupAppId is the application', () => {
    const caller = new Principal('0811', 'kas', [group(3, '7', 'member', [1]), group(4, '8', 'admin'), group(5, '7', 'tamu', [2])]);
    expect(caller.groupIdsIn(7)).toEqual([3, 5]);
    expect(caller.groupsIn(7).flatMap((g) => g.groupAccess.menuId)).toEqual([1, 2]);
    expect(caller.groupIdsIn(9)).toEqual([]);
    expect(caller.isAppMember(7)).toBe(true);
    expect(caller.isAppAdmin(7)).toBe(false);
    expect(caller.isAppAdmin(8)).toBe(true);
  });

  it('are none for the super administrator, who administers every application', () => {
    const root = new Principal('admin', '_root', [group(1, SUPER_ADMIN_MARKER, 'super-admin')]);
    expect(root.groupIdsIn(7)).toEqual([]);
    expect(root.isAppAdmin(7)).toBe(true);
  });
});
