import { groupCalls } from '@rakit/core';
import { useQuery } from '@tanstack/react-query';
import type { PickerOption } from '../../components/PickerDialog';
import { useCurrentApp } from '../../current-app/app-context';
import { useT } from '../../i18n/LanguageProvider';
import { dataOf } from '../admin-call';

/**
 * The groups a group picker offers: page 1 of GET /auth/listGroupUser with `limit` groups
 * (spec 1 §9: 20, or 10 from the menu screen); undefined while they load.
 */
export function useGroupOptions(limit: number, enabled: boolean): PickerOption[] | undefined {
  const { app, api } = useCurrentApp();
  const t = useT();
  const groups = useQuery({
    queryKey: ['groups', app.appSlug, 'picker', limit],
    queryFn: async () => dataOf(await api.call(groupCalls.listGroupUser, { params: { appId: app.appId }, query: { page: 1, limit, pageUser: 1, limitUser: 1, userId: '' } }), t('admin.groups.what')),
    enabled,
  });
  return groups.data?.groups.map((group) => ({ value: String(group.groupId), label: group.groupName }));
}
