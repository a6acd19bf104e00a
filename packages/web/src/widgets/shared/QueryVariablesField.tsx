import { Stack, Text } from '@mantine/core';
import type { CustomAction } from '@rakit/core';
import { ActionList } from '../../actions/ActionList';
import { useAuthoringPage } from '../../actions/authoring-page';

/**
 * The Variables list of a widget whose text takes query variables (see query-variables.ts):
 * QUERY actions, each filling `{{its name}}` with the first value of the first row it answers.
 */
export function QueryVariablesField({ variables, onChange }: { variables: readonly CustomAction[]; onChange: (variables: CustomAction[]) => void }) {
  const page = useAuthoringPage();
  return (
    <Stack gap={4}>
      <ActionList
        label="Variables"
        emptyText="No variables yet."
        actions={variables}
        onChange={onChange}
        types={['QUERY']}
        components={page.components}
        pageId={page.pageId}
      />
      <Text size="xs" c="dimmed">
        Each QUERY fills {'{{its name}}'} in the text with the first value of the first row it answers, in place of a global variable of that name.
      </Text>
    </Stack>
  );
}
