import { Anchor, Group, Text } from '@mantine/core';
import { IconStar } from '@tabler/icons-react';
import { DEFAULT_GROUP_FLAG, Messages } from '@rakit/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PickerDialog } from '../../components/PickerDialog';
import { useCurrentApp } from '../../current-app/app-context';
import { dataOf, runChange } from '../admin-call';
import { GROUP_PICKER_LIMIT } from '../admin-limits';
import { useGroupOptions } from './use-group-options';

/**
 * 'Default Group : {name}', the group new registrants join; a click opens the picker
 * (spec 1 screen 6). A refused choice shows the server's first error.
 */
export function DefaultGroupLine() {
  const { app, api } = useCurrentApp();
  const queryClient = useQueryClient();
  const [picking, setPicking] = useState(false);
  const groups = useQuery({
    queryKey: ['groups', app.appSlug, 'all'],
    queryFn: async () => dataOf(await api.listGroup(app.appId), 'Groups'),
  });
  const options = useGroupOptions(GROUP_PICKER_LIMIT, picking);
  const current = groups.data?.find((group) => group.groupIsDefault === DEFAULT_GROUP_FLAG);

  async function choose(value: string) {
    if (await runChange(api.setDefaultGroup(app.appId, Number(value)), Messages.defaultGroupSet)) {
      setPicking(false);
      await queryClient.invalidateQueries({ queryKey: ['groups', app.appSlug] });
    }
  }

  return (
    <>
      <Group gap={6} mb="md">
        <IconStar size={16} color="var(--mantine-color-yellow-6)" />
        {groups.isPending ? (
          <Text size="sm" c="dimmed">Default Group : …</Text>
        ) : (
          <Anchor component="button" type="button" size="sm" onClick={() => setPicking(true)} title="Choose the group new users join">
            {current === undefined ? Messages.defaultGroupMissing : `Default Group : ${current.groupName}`}
          </Anchor>
        )}
      </Group>
      {picking && (
        <PickerDialog
          title="Select Default Group"
          description="New users of this application join this group."
          options={options}
          initial={current === undefined ? null : String(current.groupId)}
          requiredMessage={Messages.groupNameRequired}
          emptyText="There are no groups yet."
          onSave={choose}
          onClose={() => setPicking(false)}
        />
      )}
    </>
  );
}
