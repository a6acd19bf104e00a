import { Alert, Button, Code, Group, Select, Stack, Text } from '@mantine/core';
import { NO_REDIRECT } from '@rakit/core';
import { IconAlertTriangle, IconCode } from '@tabler/icons-react';
import { useState } from 'react';
import { useAppPages } from '../../actions/use-action-data';
import { useT } from '../../i18n/LanguageProvider';
import { QueryDialogHost } from '../data-source/QueryDialogHost';
import { DatabaseField } from '../data-source/SourceFields';
import { useSourceScope } from '../data-source/source-scope';
import { ChoiceField, PanelStack, TextAreaField, withChanges } from '../shared/config-fields';
import { QueryVariablesField } from '../shared/QueryVariablesField';
import type { WidgetConfigProps } from '../types';
import classes from './Config.module.css';
import { configActionOf, variableActionsOf, withConfigQuery, withVariables } from './alert-actions';

/** The configuration query: written in the Custom Query dialog, kept as the 'config' QUERY action. */
function ConfigQueryField(props: WidgetConfigProps<'alert'>) {
  const { component, onChange } = props;
  const t = useT();
  const scope = useSourceScope(component);
  const [editing, setEditing] = useState(false);
  const config = configActionOf(component);
  const query = component.config;
  return (
    <Stack gap={6}>
      <DatabaseField {...props} scope={scope} />
      <Text size="sm" fw={500}>{t('formwidgets.alert.configQuery')}</Text>
      <Text size="xs" c="dimmed">{t('formwidgets.alert.configQueryHint')}</Text>
      {query === '' ? (
        <Alert variant="light" color="orange" p="xs" icon={<IconAlertTriangle size={16} />}>
          <Text size="xs">{t('formwidgets.alert.noQueryWarning')}</Text>
        </Alert>
      ) : <Code block className={classes.query}>{query}</Code>}
      <Group gap={6}>
        <Button size="xs" variant="light" leftSection={<IconCode size={14} />} disabled={scope.dbId === null} onClick={() => setEditing(true)}>
          {query === '' ? t('formwidgets.alert.writeQuery') : t('formwidgets.alert.editQuery')}
        </Button>
        {query === '' ? null : <Button size="xs" variant="subtle" color="red" onClick={() => onChange(withConfigQuery(component, { query: '' }))}>{t('formwidgets.alert.removeQuery')}</Button>}
      </Group>
      {editing && scope.dbId !== null ? (
        <QueryDialogHost
          name="config"
          database={scope.dbId}
          stored={{ ...config?.stored, query }}
          databases={scope.databases}
          onClose={() => setEditing(false)}
          onSave={(stored) => {
            onChange(withConfigQuery(component, stored));
            setEditing(false);
          }}
        />
      ) : null}
    </Stack>
  );
}

/** The alert's panel (spec 3 "Alert widget" configuration). */
export function AlertConfig(props: WidgetConfigProps<'alert'>) {
  const { component, onChange } = props;
  const t = useT();
  const pages = useAppPages();
  const redirect = String(component.redirect) || NO_REDIRECT;
  return (
    <PanelStack>
      <TextAreaField {...props} field="title" label={t('formwidgets.alert.content')} description={t('formwidgets.alert.contentHint', { variable: '{{name}}' })} rows={2} />
      <ChoiceField {...props} field="color" label={t('formwidgets.alert.status')} data={[{ value: 'success', label: t('formwidgets.alert.statusSuccess') }, { value: 'error', label: t('formwidgets.alert.statusError') }]} />
      <ConfigQueryField {...props} />
      <QueryVariablesField variables={variableActionsOf(component)} onChange={(variables) => onChange(withVariables(component, variables))} />
      <Select
        label={t('formwidgets.alert.redirectTo')}
        data={[{ value: NO_REDIRECT, label: t('formwidgets.alert.noRedirect') }, ...(pages.data ?? []).map((p) => ({ value: String(p.pageId), label: p.pageName }))]}
        value={redirect}
        allowDeselect={false}
        onChange={(next) => onChange(withChanges(component, { redirect: next === null || next === NO_REDIRECT ? NO_REDIRECT : Number(next) }))}
      />
    </PanelStack>
  );
}
