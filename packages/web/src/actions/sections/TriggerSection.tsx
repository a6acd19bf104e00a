import { Alert, Button, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { CUSTOM_VALUE, stripParamName, type TriggerConfig, TriggerConfigSchema, type TriggerRecord, triggerCalls } from '@rakit/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useContext, useState } from 'react';
import { firstError } from '../../api/client';
import { CurrentAppContext } from '../../current-app/app-context';
import { notifySuccess } from '../../components/notify';
import { useStaleWrite } from '../../current-app/use-stale-write';
import { useT } from '../../i18n/LanguageProvider';
import { configOf } from '../config-of';
import { type ActionSectionProps, withRaw } from '../dialog-scope';
import { RowList } from '../RowList';
import { TRIGGERS_KEY, useTriggers } from '../use-action-data';
import { ValueSourcePicker } from '../ValueSourcePicker';

type TriggerFields = Pick<TriggerRecord, 'triggerAlias' | 'triggerParams'>;
const fieldsOf = (trigger: TriggerFields): TriggerFields => ({ triggerAlias: trigger.triggerAlias, triggerParams: trigger.triggerParams });

/** The configuration after picking a stored trigger: its id, alias and names, keeping the sources of names already mapped. */
function pickTrigger(config: TriggerConfig, trigger: TriggerRecord): Partial<TriggerConfig> {
  return {
    id: trigger.triggerId,
    alias: trigger.triggerAlias,
    params: trigger.triggerParams.map((name) => config.params.find((p) => stripParamName(p.name) === name) ?? { name, source: CUSTOM_VALUE, custom: '' }),
  };
}

/**
 * TRIGGER (spec 2 §3, §4): a stored trigger, run with named parameters. The author picks one of
 * the application's triggers, or 'Save Trigger' stores the alias and the parameter names (POST
 * /action/saveTrigger) and keeps the id it answers; an id can also be typed. Without an id,
 * running the action fails. Save Trigger's refusals are shown here, in the dialog: an alias
 * (or the action's name) is needed before asking the server.
 */
export function TriggerSection({ action, onChange }: ActionSectionProps) {
  const t = useT();
  const current = useContext(CurrentAppContext);
  const queryClient = useQueryClient();
  const triggers = useTriggers();
  const [busy, setBusy] = useState(false);
  const [aliasMissing, setAliasMissing] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const staleTrigger = useStaleWrite<TriggerFields>(t('actions.trigger.staleWhat'), {
    triggerAlias: t('actions.trigger.alias'), triggerParams: t('actions.trigger.parameterNames'),
  });
  const config = configOf(TriggerConfigSchema, action.raw);
  const set = (changes: Partial<typeof config>) => onChange(withRaw(action, changes));
  const alias = config.alias.trim() === '' ? action.name.trim() : config.alias.trim();

  async function saveTrigger() {
    if (current === null) return;
    setRefused(null);
    setAliasMissing(alias === '');
    if (alias === '') return;
    setBusy(true);
    try {
      const mine = { triggerAlias: alias, triggerParams: config.params.map((p) => stripParamName(p.name)).filter((name) => name !== '') };
      const send = (values: TriggerFields, revision?: number) => current.api.call(triggerCalls.saveTrigger, { body: {
              triggerId: config.id, triggerAppId: current.app.appId, triggerAlias: values.triggerAlias, triggerParams: JSON.stringify(values.triggerParams), revision,
            } });
      // An update is based on the trigger as listed: another's change since is merged or asked about (issue 33).
      const loaded = triggers.data?.find((trigger) => trigger.triggerId === config.id);
      const written = loaded === undefined
        ? { answer: await send(mine), values: mine }
        : await staleTrigger.write({
          base: fieldsOf(loaded), mine, revision: loaded.revision, send, fieldsOf: (stored) => fieldsOf(stored), revisionOf: (stored) => stored.revision,
        });
      if ('theirs' in written) {
        set(pickTrigger(config, written.theirs));
        void queryClient.invalidateQueries({ queryKey: [TRIGGERS_KEY] });
        return;
      }
      const { answer } = written;
      if (answer === null) return;
      if (answer.status && answer.data !== undefined) {
        const saved = written.values ?? mine;
        set(pickTrigger(config, { ...saved, triggerId: answer.data.action.actionId, triggerAppId: current.app.appId, revision: answer.data.revision }));
        void queryClient.invalidateQueries({ queryKey: [TRIGGERS_KEY] });
        notifySuccess(t('actions.trigger.saved', { id: String(answer.data.action.actionId) }));
      } else {
        setRefused(firstError(answer, t('actions.trigger.saveFailed')));
      }
    } catch (error) {
      console.error(error);
      setRefused(t('actions.trigger.saveFailedSilent'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="sm">
      {staleTrigger.dialog}
      <Select
        label={t('actions.trigger.stored')}
        placeholder={triggers.isError ? t('actions.trigger.loadFailed') : t('actions.trigger.storedHelp')}
        searchable
        clearable
        nothingFoundMessage={t('actions.trigger.nothingFound')}
        data={(triggers.data ?? []).map((each) => ({ value: String(each.triggerId), label: `#${each.triggerId} ${each.triggerAlias}` }))}
        value={config.id === null ? null : String(config.id)}
        onChange={(value) => {
          const picked = (triggers.data ?? []).find((each) => String(each.triggerId) === value);
          set(picked === undefined ? { id: null } : pickTrigger(config, picked));
        }}
      />
      <Group grow align="flex-start">
        <NumberInput
          label={t('actions.trigger.id')}
          placeholder={t('actions.trigger.notSavedYet')}
          min={1}
          allowDecimal={false}
          value={config.id ?? ''}
          onChange={(value) => set({ id: typeof value === 'number' && value > 0 ? value : null })}
        />
        <TextInput
          label={t('actions.trigger.alias')}
          placeholder={action.name}
          value={config.alias}
          error={aliasMissing && alias === '' ? t('triggerAliasRequired') : undefined}
          onChange={(event) => set({ alias: event.currentTarget.value })}
        />
      </Group>
      <RowList
        label={t('actions.trigger.parameters')}
        rowName={t('actions.trigger.parameter')}
        description={t('actions.trigger.parametersHelp')}
        rows={config.params}
        onChange={(params) => set({ params })}
        newRow={() => ({ name: '', source: CUSTOM_VALUE, custom: '' })}
        addLabel={t('actions.trigger.addParameter')}
        emptyText={t('actions.trigger.parametersNone')}
      >
        {(row, setRow, index) => (
          <>
            <TextInput
              size="xs"
              w={140}
              aria-label={t('actions.trigger.nameOf', { position: index + 1 })}
              placeholder={t('actions.trigger.name')}
              value={row.name}
              onChange={(event) => setRow({ ...row, name: stripParamName(event.currentTarget.value) })}
            />
            <ValueSourcePicker value={row} onChange={(source) => setRow({ ...row, ...source })} name={t('actions.trigger.sourceOf', { position: index + 1 })} />
          </>
        )}
      </RowList>
      {refused !== null && <Alert color="red" variant="light" role="alert" title={t('actions.trigger.notSaved')}>{refused}</Alert>}
      <Group justify="space-between">
        <Button variant="light" leftSection={<IconDeviceFloppy size={16} />} loading={busy} onClick={() => void saveTrigger()}>
          {config.id === null ? t('actions.trigger.save') : t('actions.trigger.update')}
        </Button>
        {config.id === null ? <Text size="xs" c="orange">{t('actions.trigger.idMissing', { failure: `'${t('triggerIdEmpty')}'` })}</Text> : null}
      </Group>
    </Stack>
  );
}
