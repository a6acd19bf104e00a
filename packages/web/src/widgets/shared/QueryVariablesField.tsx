import { Stack, Text } from '@mantine/core';
import type { CustomAction } from '@rakit/core';
import { ActionList } from '../../actions/ActionList';
import { useAuthoringPage } from '../../actions/authoring-page';
import { useT } from '../../i18n/LanguageProvider';

/**
 * The Variables list of a widget whose text takes query variables (see query-variables.ts):
 * QUERY actions, each filling `{{its name}}` with the first value of the first row it answers.
 */
export function QueryVariablesField({ variables, onChange }: { variables: readonly CustomAction[]; onChange: (variables: CustomAction[]) => void }) {
  const page = useAuthoringPage();
  const t = useT();
  return (
    <Stack gap={4}>
      <ActionList
        label={t('datawidgets.shared.variables')}
        emptyText={t('datawidgets.shared.noVariables')}
        actions={variables}
        onChange={onChange}
        types={['QUERY']}
        components={page.components}
        pageId={page.pageId}
      />
      <Text size="xs" c="dimmed">
        {t('datawidgets.shared.variablesHint', { token: `{{${t('datawidgets.shared.variablesTokenName')}}}` })}
      </Text>
    </Stack>
  );
}
