import { Anchor, Group, Text } from '@mantine/core';
import { IconStar } from '@tabler/icons-react';
import { DEFAULT_GROUP_FLAG, groupCalls } from '@rakit/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PickerDialog } from '../../components/PickerDialog';
import { useCurrentApp } from '../../current-app/app-context';
import { useT } from '../../i18n/LanguageProvider';
import { dataOf, runChange } from '../admin-call';
import { GROUP_PICKER_LIMIT } from '../admin-limits';
import { useGroupOptions } from './use-group-options';

/**
 * 'Default Group : {name}', the group new registrants join; a click opens the picker
 * (spec 1 screen 6). A refused choice shows the server's first error.
 */
export function DefaultGroupLine() {
  const { app, api } = useCurrentApp();
  const t = useT();
  const queryClient = useQueryClient();
  const [picking, setPicking] = useState(false);
  const groups = useQuery({
    queryKey: ['groups', app.appSlug, 'all'],
    queryFn: async () => dataOf(await api.call(groupCalls.listGroup, { params: { appId: app.appId } }), t('admin.groups.what')),
  });
  const options = useGroupOptions(GROUP_PICKER_LIMIT, picking);
  const current = groups.data?.find((group) => group.groupIsDefault === DEFAULT_GROUP_FLAG);

  async function choose(value: string) {
    if (await runChange(api.call(groupCalls.setDefaultGroup, { body: { data: { appId: app.appId, groupId: Number(value) } } }), t('defaultGroupSet'))) {
      setPicking(false);
      await queryClient.invalidateQueries({ queryKey: ['groups', app.appSlug] });
    }
  }

  return (
    <>
      <Group gap={6} mb="md">
        <IconStar size={16} color="var(--mantine-color-yellow-6)" />
        {groups.isPending ? (
          <Text size="sm" c="dimmed">{t('admin.groups.defaultGroupLoading')}</Text>
        ) : (
          <Anchor component="button" type="button" size="sm" onClick={() => setPicking(true)} title={t('admin.groups.defaultGroupHint')}>
            {current === undefined ? t('defaultGroupMissing') : t('admin.groups.defaultGroup', { name: current.groupName })}
          </Anchor>
        )}
      </Group>
      {picking && (
        <PickerDialog
          title={t('admin.groups.selectDefaultGroup')}
          description={t('admin.groups.selectDefaultGroupHint')}
          options={options}
          initial={current === undefined ? null : String(current.groupId)}
          requiredMessage={t('groupNameRequired')}
          emptyText={t('admin.groups.noGroupsToPick')}
          onSave={choose}
          onClose={() => setPicking(false)}
        />
      )}
    </>
  );
}
