import { Badge, Button, Checkbox, Group, PasswordInput, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type AppVariable, type SaveVariableBody, variableCalls } from '@rakit/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useVariables, VARIABLES_KEY } from '../../actions/use-action-data';
import { firstError } from '../../api/client';
import { DataTable } from '../../components/DataTable';
import { EditRemoveDialogs, useEditRemoveDialog } from '../../components/EditRemoveDialogs';
import { FormDialog } from '../../components/FormDialog';
import { notifyFailure, notifySuccess } from '../../components/notify';
import { QueryStatus } from '../../components/QueryStatus';
import { RowActions } from '../../components/RowActions';
import { useCurrentApp } from '../../current-app/app-context';
import { useStaleWrite } from '../../current-app/use-stale-write';
import { useT } from '../../i18n/LanguageProvider';
import { runChange } from '../admin-call';

/**
 * This environment's named variables (issue 39): values its queries and workflow triggers take by
 * name, so one page runs against each environment's own. A promotion keeps each environment's
 * values; a secret one's value is never shown again once saved.
 */
export function VariablesSection() {
  const { api } = useCurrentApp();
  const t = useT();
  const queryClient = useQueryClient();
  const variables = useVariables();
  const reload = () => queryClient.invalidateQueries({ queryKey: [VARIABLES_KEY] });
  const dialogs = useEditRemoveDialog<AppVariable>(reload);

  async function remove(variable: AppVariable) {
    const removed = await runChange(api.call(variableCalls.deleteVariable, { body: { variableId: variable.variableId } }), t('admin.variables.removed', { name: variable.name }));
    dialogs.close();
    if (removed) await reload();
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="variables-title">
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h4" id="variables-title">{t('admin.variables.title')}</Title>
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => dialogs.edit(null)}>{t('admin.variables.add')}</Button>
      </Group>
      <Text size="sm" c="dimmed" maw={760}>{t('admin.variables.intro')}</Text>
      <QueryStatus what={t('admin.variables.what')} isPending={variables.isPending} error={variables.error} />
      {variables.data !== undefined && (
        <DataTable
          columns={[t('admin.variables.colName'), t('admin.variables.colValue'), null]}
          caption={t('admin.variables.caption')}
          isEmpty={variables.data.length === 0}
          emptyText={t('admin.variables.empty')}
          minWidth={520}
          wrap
        >
          {variables.data.map((variable) => (
            <Table.Tr key={variable.variableId} data-testid="variable-row">
              <Table.Td><Text size="sm" ff="monospace" fw={600}>{variable.name}</Text></Table.Td>
              <Table.Td>
                {variable.secret
                  ? <Badge variant="light" color={variable.hasValue ? 'teal' : 'orange'} tt="none">{variable.hasValue ? t('admin.variables.secretStored') : t('admin.variables.noValue')}</Badge>
                  : variable.hasValue ? <Text size="sm" style={{ wordBreak: 'break-all' }}>{variable.value}</Text> : <Text size="sm" c="dimmed">{t('admin.variables.noValue')}</Text>}
              </Table.Td>
              <Table.Td>
                <RowActions
                  editLabel={t('admin.variables.editNamed', { name: variable.name })}
                  onEdit={() => dialogs.edit(variable)}
                  removeLabel={t('admin.variables.removeNamed', { name: variable.name })}
                  onRemove={() => dialogs.askRemove(variable)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      <EditRemoveDialogs
        state={dialogs}
        form={(editing) => <VariableDialog editing={editing} onClose={dialogs.close} onSaved={dialogs.saved} />}
        removeMessage={t('admin.variables.removeConfirm')}
        onRemove={remove}
      />
    </Stack>
  );
}

/** The fields another's edit may have changed (never a secret value: an empty one keeps the stored). */
type VariableFields = Pick<AppVariable, 'name' | 'secret' | 'value'>;

function VariableDialog({ editing, onClose, onSaved }: { editing: AppVariable | null; onClose: () => void; onSaved: () => void }) {
  const { app, api } = useCurrentApp();
  const t = useT();
  const [name, setName] = useState(editing?.name ?? '');
  const [secret, setSecret] = useState(editing?.secret ?? false);
  const [value, setValue] = useState(editing?.secret === true ? '' : editing?.value ?? '');
  const staleWrite = useStaleWrite<VariableFields>(t('admin.variables.what'), {
    name: t('admin.variables.name'), secret: t('admin.variables.secret'), value: t('admin.variables.value'),
  });
  const keepsStored = editing?.secret === true && secret;

  async function save() {
    const body: SaveVariableBody = { appId: app.appId, variableId: editing?.variableId ?? null, name: name.trim(), secret, value };
    const answer = await staleWrite.saveForm({ editing, body, send: (sent) => api.call(variableCalls.saveVariable, { body: sent }) });
    if (answer === 'theirs') {
      onSaved();
      return;
    }
    if (answer === null) return;
    if (answer.status) {
      notifySuccess(t('admin.variables.saved', { name: body.name }));
      onSaved();
    } else {
      notifyFailure(firstError(answer, t('admin.changeRefused')));
    }
  }

  const valueProps = {
    label: t('admin.variables.value'),
    description: keepsStored ? t('admin.variables.keepSecret') : undefined,
    value,
    onChange: (event: { currentTarget: { value: string } }) => setValue(event.currentTarget.value),
  };
  return (
    <FormDialog title={editing === null ? t('admin.variables.add') : t('admin.variables.editNamed', { name: editing.name })} onSubmit={save} onClose={onClose}>
      {staleWrite.dialog}
      <TextInput
        label={t('admin.variables.name')}
        description={t('admin.variables.nameHint')}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        ff="monospace"
        data-autofocus
      />
      {secret ? <PasswordInput {...valueProps} autoComplete="new-password" /> : <TextInput {...valueProps} />}
      <Checkbox label={t('admin.variables.secret')} description={t('admin.variables.secretHint')} checked={secret} onChange={(event) => setSecret(event.currentTarget.checked)} />
    </FormDialog>
  );
}
