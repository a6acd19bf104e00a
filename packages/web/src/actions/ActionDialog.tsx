import { Alert, Button, Divider, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  type ActionConfigField, type ActionDataContext, actionConfigProblem, actionDatabase, actionOfType, type ActionType, type Component, type CustomAction,
  type MessageCode, needsDatabase, newAction, valueComponentsOf, withActionDatabase,
} from '@rakit/core';
import { type ComponentType, useContext, useMemo, useState } from 'react';
import { CurrentAppContext } from '../current-app/app-context';
import { useT } from '../i18n/LanguageProvider';
import { ActionDialogContext, type ActionDialogScope, type ActionSectionProps, tablesOf, withRaw } from './dialog-scope';
import { DeleteSection } from './sections/DeleteSection';
import { PrintSection } from './sections/PrintSection';
import { EditFieldsSection } from './sections/EditFieldsSection';
import { GlobalSection } from './sections/GlobalSection';
import { QueryBuilderSection } from './sections/QueryBuilderSection';
import { RedirectSection } from './sections/RedirectSection';
import { RequestSection } from './sections/RequestSection';
import { StoredQuerySection } from './sections/StoredQuerySection';
import { TriggerSection } from './sections/TriggerSection';
import { useDatabases, useVariables } from './use-action-data';

/** The Trigger cause select's value for "no cause" (spec 2 §9 marker 'none'). */
const NO_CAUSE = 'none';

function BackSection() {
  const t = useT();
  return <Text size="sm" c="dimmed">{t('actions.dialog.backNothing')}</Text>;
}

/** Each type's own section; a data widget may replace some (its `sections` prop). */
const SECTIONS: Record<ActionType, ComponentType<ActionSectionProps>> = {
  CUSTOM: QueryBuilderSection,
  QUERY: StoredQuerySection,
  TRIGGER: TriggerSection,
  REDIRECT: RedirectSection,
  BACK: BackSection,
  GLOBAL: GlobalSection,
  REQUEST: RequestSection,
  EDIT: EditFieldsSection,
  PRINT: PrintSection,
  DELETE: DeleteSection,
};

export interface ActionDialogProps {
  /** The action edited, or null for a new one. */
  action: CustomAction | null;
  /** The types offered: BUTTON_ACTIONS for buttons, DATA_ACTIONS for tables and other data widgets. */
  types: readonly ActionType[];
  /** The component's other actions: their names are the possible causes and may not be reused. */
  otherActions: readonly CustomAction[];
  /** The page's components (their form widgets are the value sources). */
  components: readonly Component[];
  /** The page's id (QUERY actions are stored against it); null when it is not saved yet. */
  pageId: number | null;
  /** A data widget's table: DELETE's query is filled in from it. */
  dataContext?: ActionDataContext;
  /** A data widget's source columns, offered as value sources (the row's values). */
  columns?: readonly string[];
  /** Replaces the sections of some types. */
  sections?: Partial<Record<ActionType, ComponentType<ActionSectionProps>>>;
  onSave: (action: CustomAction) => void;
  onClose: () => void;
}

/**
 * The Action Management dialog (spec 2 §2, width 560): Action type, Name, Trigger cause,
 * Database (for the types that run on one), the type's own section, Save. Choosing a type gives
 * it its default name and a blank configuration. Save checks the action (actionConfigProblem): a
 * refusal is shown in the dialog, on the field it names (Name, Database) or under the type's
 * section, until the author changes the action. Otherwise it goes to the caller, which keeps it
 * in the component.
 */
export function ActionDialog({ action, types, otherActions, components, pageId, dataContext, columns, sections, onSave, onClose }: ActionDialogProps) {
  const t = useT();
  const current = useContext(CurrentAppContext);
  const databases = useDatabases();
  const variables = useVariables();
  const [draft, setDraftOnly] = useState<CustomAction>(() => action ?? newAction(types[0] ?? 'CUSTOM', dataContext));
  const [refusal, setRefusal] = useState<{ field: ActionConfigField; code: MessageCode } | null>(null);
  const setDraft = (next: CustomAction) => {
    setDraftOnly(next);
    setRefusal(null);
  };
  const refusalOn = (field: ActionConfigField) => (refusal?.field === field ? t(refusal.code) : undefined);
  const otherNames = otherActions.map((a) => a.name).filter((name) => name !== '');
  const scope = useMemo<ActionDialogScope>(() => ({
    valueComponents: valueComponentsOf(components),
    pageId,
    appId: current?.app.appId ?? null,
    databases: databases.data ?? [],
    rowColumns: columns ?? [],
    variables: variables.data ?? [],
  }), [components, pageId, current, databases.data, columns, variables.data]);
  const Section = sections?.[draft.action] ?? SECTIONS[draft.action];
  const database = actionDatabase(draft);

  const chooseDatabase = (value: string | null) => {
    const dbId = value === null ? null : Number(value);
    let next = withActionDatabase(draft, dbId);
    // A table of the previous connection means nothing on the new one; a QUERY keeps its text.
    const table = (draft.action === 'CUSTOM' ? draft.raw : draft.stored)?.table;
    if (!tablesOf(scope.databases, dbId).some((each) => each.table_name === table)) {
      if (draft.action === 'CUSTOM') next = withRaw(next, { table: '', setValues: [], conditions: [] });
      if (draft.action === 'DELETE') next = { ...next, stored: { database: dbId ?? undefined, query: '', params: [] } };
    }
    setDraft(next);
  };

  const save = () => {
    const named = { ...draft, name: draft.name.trim() };
    const problem = actionConfigProblem(named, otherNames);
    if (problem !== null) {
      setRefusal(problem);
      return;
    }
    onSave(named);
  };

  return (
    <Modal opened onClose={onClose} title={action === null ? t('actions.dialog.addTitle') : t('actions.dialog.editTitle')} size={560} centered>
      <ActionDialogContext value={scope}>
        <Stack gap="sm">
          <Select
            label={t('actions.dialog.type')}
            data={[...types]}
            value={draft.action}
            allowDeselect={false}
            onChange={(type) => {
              const chosen = types.find((each) => each === type);
              if (chosen !== undefined && chosen !== draft.action) setDraft(actionOfType(draft, chosen, dataContext));
            }}
          />
          <TextInput
            label={t('actions.dialog.name')}
            value={draft.name}
            error={refusalOn('name')}
            onChange={(event) => setDraft({ ...draft, name: event.currentTarget.value })}
            data-autofocus
          />
          <Select
            label={t('actions.dialog.cause')}
            description={t('actions.dialog.causeHelp')}
            data={[{ value: NO_CAUSE, label: t('actions.dialog.causeNone') }, ...otherNames.filter((n) => n !== NO_CAUSE).map((n) => ({ value: n, label: n }))]}
            value={draft.cause === '' ? NO_CAUSE : draft.cause}
            allowDeselect={false}
            onChange={(cause) => setDraft({ ...draft, cause: cause === null || cause === NO_CAUSE ? '' : cause })}
          />
          {needsDatabase(draft.action) && (
            <Select
              label={t('actions.dialog.database')}
              placeholder={databases.isPending ? t('actions.dialog.databasesLoading') : t('actions.dialog.databaseChoose')}
              data={scope.databases.map((d) => ({ value: String(d.dbId), label: `${d.dbDatabase} (${d.dbType} #${d.dbId})` }))}
              value={database === null ? null : String(database)}
              error={databases.isError ? databases.error.message : refusalOn('database')}
              onChange={chooseDatabase}
              allowDeselect={false}
            />
          )}
          <Divider label={draft.action} labelPosition="left" mt={4} />
          <Section action={draft} onChange={setDraft} />
          {refusalOn('section') !== undefined && <Alert color="red" variant="light" role="alert" title={t('actions.dialog.notSaved')}>{refusalOn('section')}</Alert>}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>{t('actions.dialog.cancel')}</Button>
            <Button onClick={save}>{t('actions.dialog.save')}</Button>
          </Group>
        </Stack>
      </ActionDialogContext>
    </Modal>
  );
}
