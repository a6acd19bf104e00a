import { Alert, Badge, Button, Divider, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type Addon, type AddonParam, type ConditionBranch, isValidWorkflowParameter, partsText, templateErrors, WEBHOOK_ADDON } from '@rakit/core';
import { useRef, useState } from 'react';
import { notifyFailure } from '../../components/notify';
import { useT } from '../../i18n/LanguageProvider';
import { addonDescription, addonLabel, optionLabel, paramLabel, paramPlaceholder } from './addon-texts';
import { attachCard, CONDITION_ADDON, earlierCards, editCard, type FlowCard, type FlowDrawing, stepNumbers } from './flow-drawing';
import { StepSecretSection } from './StepSecretSection';
import { type PickableStep, TemplatePicker } from './TemplatePicker';
import { insertIntoText, knownOutputSample } from './template-picker';

const TRIGGER = 'TRIGGER';

interface FlowConfigDialogProps {
  workflowId: number;
  card: FlowCard;
  addon: Addon | undefined;
  drawing: FlowDrawing;
  /** The workflow's stored trigger, which attaching as TRIGGER needs. */
  triggerId: number | null;
  /** Names of the trigger's parameters: the fields of `$0`. */
  triggerParams: readonly string[];
  /** The latest run's output of each action, by action id. */
  runOutputs: ReadonlyMap<number, unknown>;
  onApply: (next: FlowDrawing) => void;
  onClose: () => void;
}

/** The 'before' choice now: TRIGGER, the card an edge comes from (with its branch), or nothing. */
function beforeOf(drawing: FlowDrawing, actionId: number): string | null {
  if (drawing.triggerActionId === actionId) return TRIGGER;
  const link = drawing.links.find((l) => l.to === actionId);
  if (link === undefined) return null;
  return link.branch === null ? String(link.from) : `${link.from}:${link.branch}`;
}

/**
 * 'Flow Configuration' of a card (spec 1 §3-§5): its alias, its add-on's required and optional
 * parameters (text marked Valid / Not Valid, or a select), 'Insert From Template', and where it
 * hangs: as the trigger (the 'before' option TRIGGER) or after a chosen previous action.
 */
export function FlowConfigDialog({ workflowId, card, addon, drawing, triggerId, triggerParams, runOutputs, onApply, onClose }: FlowConfigDialogProps) {
  const t = useT();
  const [alias, setAlias] = useState(card.alias);
  const [params, setParams] = useState<Record<string, string>>({ ...card.params });
  const [before, setBefore] = useState<string | null>(beforeOf(drawing, card.actionId));
  const numbers = stepNumbers(drawing);

  const others = drawing.cards.filter((c) => c.actionId !== card.actionId);
  const beforeOptions = [
    { value: TRIGGER, label: t('workflow.common.trigger') },
    ...others.flatMap((c) => (c.addonName === CONDITION_ADDON
      ? [{ value: `${c.actionId}:true`, label: `${c.alias} (true)` }, { value: `${c.actionId}:false`, label: `${c.alias} (false)` }]
      : [{ value: String(c.actionId), label: c.alias }])),
  ];

  const steps: PickableStep[] = [
    { step: 0, label: t('workflow.config.triggerInput'), known: triggerParams.length === 0 ? undefined : Object.fromEntries(triggerParams.map((name) => [name, ''])) },
    ...earlierCards(drawing, card.actionId).map((c) => ({
      step: numbers.get(c.actionId) ?? 0, label: c.alias, known: runOutputs.get(c.actionId) ?? knownOutputSample(c),
    })),
  ];

  function apply() {
    if (alias.trim() === '') {
      notifyFailure(t('workflow.config.aliasEmpty'));
      return;
    }
    let next = editCard(drawing, card.actionId, { alias: alias.trim(), params });
    const was = beforeOf(drawing, card.actionId);
    if (before !== was) {
      if (before === null) {
        next = { ...next, links: next.links.filter((l) => l.to !== card.actionId), triggerActionId: next.triggerActionId === card.actionId ? null : next.triggerActionId };
      } else {
        const [from, branch] = before.split(':');
        const attached = before === TRIGGER
          ? attachCard(next, card.actionId, { kind: 'trigger', triggerId })
          : attachCard(next, card.actionId, { kind: 'after', from: from === undefined || from === '' ? null : Number(from), branch: (branch ?? null) as ConditionBranch | null });
        if (!attached.ok) {
          const problem = t(attached.message.key, attached.message.values);
          notifyFailure(before === TRIGGER && triggerId === null ? t('workflow.config.attachFailedWithHint', { problem, hint: t('triggerChooseInHeader') }) : problem);
          return;
        }
        next = attached.drawing;
      }
    }
    onApply(next);
  }

  const form = addon === undefined ? null : (
    <>
      <ParamList title={t('workflow.config.required')} addonName={addon.name} list={addon.input.required} required params={params} steps={steps} onChange={setParams} />
      {addon.input.optional.length > 0 && (
        <ParamList title={t('workflow.config.optional')} addonName={addon.name} list={addon.input.optional} required={false} params={params} steps={steps} onChange={setParams} />
      )}
    </>
  );

  return (
    <Modal opened onClose={onClose} title={t('workflow.config.title')} size="lg" centered>
      <Stack gap="sm" data-testid="flow-config">
        <Group gap="xs">
          <Badge variant="light" tt="none">{numbers.has(card.actionId) ? `$${numbers.get(card.actionId)}` : '$?'}</Badge>
          <Text size="sm" c="dimmed">
            {addon === undefined ? card.addonName : addonLabel(t, addon)} — {addon === undefined ? t('workflow.config.unknownAddon') : addonDescription(t, addon)}
          </Text>
        </Group>
        <TextInput label={t('workflow.config.alias')} value={alias} onChange={(e) => setAlias(e.currentTarget.value)} maxLength={200} data-autofocus />
        <Select
          label={t('workflow.config.before')}
          description={t('workflow.config.beforeHelp')}
          placeholder={t('workflow.config.notAttached')}
          data={beforeOptions}
          value={before}
          onChange={setBefore}
          clearable
        />
        {before === TRIGGER && triggerId === null ? (
          // The specification's words for it, and the next step beside them.
          <Alert color="orange" variant="light" p="xs" title={t('triggerIdEmpty')}>{t('triggerChooseInHeader')}</Alert>
        ) : null}
        <Divider label={t('workflow.config.parameters')} labelPosition="left" />
        {form}
        {addon?.name === WEBHOOK_ADDON && <StepSecretSection workflowId={workflowId} actionId={card.actionId} />}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>{t('workflow.common.cancel')}</Button>
          <Button onClick={apply}>{t('workflow.config.apply')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

interface ParamListProps {
  title: string;
  addonName: string;
  list: readonly AddonParam[];
  required: boolean;
  params: Record<string, string>;
  steps: readonly PickableStep[];
  onChange: (next: Record<string, string>) => void;
}

function ParamList({ title, addonName, list, required, params, steps, onChange }: ParamListProps) {
  return (
    <Stack gap="xs">
      <Text size="xs" fw={700} c="dimmed" tt="uppercase">{title}</Text>
      {list.map((param) => (
        <ParamField
          key={param.name}
          param={param}
          addonName={addonName}
          required={required}
          value={params[param.name] ?? ''}
          steps={steps}
          onChange={(value) => onChange({ ...params, [param.name]: value })}
        />
      ))}
    </Stack>
  );
}

interface ParamFieldProps {
  param: AddonParam;
  addonName: string;
  required: boolean;
  value: string;
  steps: readonly PickableStep[];
  onChange: (value: string) => void;
}

function ParamField({ param, addonName, required, value, steps, onChange }: ParamFieldProps) {
  const t = useT();
  const [field] = param.parameters;
  const label = paramLabel(t, param);
  const placeholder = paramPlaceholder(t, addonName, param);
  const input = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  if (field.type === 'select') {
    return (
      <Select
        label={label}
        withAsterisk={required}
        placeholder={placeholder}
        data={field.options.map((o) => ({ value: o.key, label: optionLabel(t, o) }))}
        value={value === '' ? null : value}
        onChange={(next) => onChange(next ?? '')}
        clearable={!required}
      />
    );
  }
  const valid = isValidWorkflowParameter(value);
  // What the build would say of its references: a step that does not run before this one.
  const problems = templateErrors(value, steps.map((s) => s.step)).map((problem) => partsText(problem, (text) => t(text.key, text.values)));
  const insert = (reference: string) => {
    const element = input.current;
    const next = insertIntoText(value, reference, element?.selectionStart ?? null, element?.selectionEnd ?? null);
    onChange(next.text);
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(next.caret, next.caret);
    });
  };
  const common = {
    label,
    withAsterisk: required,
    placeholder,
    value,
    onChange: (e: { currentTarget: { value: string } }) => onChange(e.currentTarget.value),
    'aria-label': label,
  };
  return (
    <Stack gap={2}>
      {param.json === true
        ? <Textarea {...common} ref={input} autosize minRows={2} maxRows={8} ff="monospace" />
        : <TextInput {...common} ref={input} />}
      {problems.map((problem) => <Text key={problem} size="xs" c="red" data-testid={`template-error-${param.name}`}>{problem}</Text>)}
      <Group justify="space-between">
        <Badge size="xs" variant="light" color={valid ? 'teal' : 'red'} data-testid={`validity-${param.name}`}>{valid ? t('workflow.config.valid') : t('workflow.config.notValid')}</Badge>
        <TemplatePicker paramName={label} steps={steps} onInsert={insert} />
      </Group>
    </Stack>
  );
}
