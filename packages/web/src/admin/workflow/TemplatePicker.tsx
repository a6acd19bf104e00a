import { Button, Group, NumberInput, Popover, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconBraces } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useVariables } from '../../actions/use-action-data';
import { useT } from '../../i18n/LanguageProvider';
import { customReference, templateChoices, WHOLE_OUTPUT } from './template-picker';

/** A step a parameter may refer to: `$0` (the run's input) or an earlier card, with what it is known to return. */
export interface PickableStep {
  step: number;
  label: string;
  /** A sample of its output (the latest run's, or what its add-on is known to answer); undefined when unknown. */
  known: unknown;
}

interface TemplatePickerProps {
  /** The parameter's label, as its field shows it. */
  paramName: string;
  steps: readonly PickableStep[];
  onInsert: (reference: string) => void;
}

const CUSTOM = '__custom__';
/** The step select's choice of the environment's variables ({{$env.NAME}}, issue 39). */
const ENVIRONMENT = 'env';

/**
 * 'Insert From Template' (spec 1 §4): a step before this card, then one of the fields it is
 * known to return or a field written by hand with an index, inserted as `{{$N.field[0]}}`; or
 * one of the environment's variables, inserted as `{{$env.NAME}}` (filled in when the step runs).
 */
export function TemplatePicker({ paramName, steps, onInsert }: TemplatePickerProps) {
  const t = useT();
  const [opened, setOpened] = useState(false);
  const [step, setStep] = useState<string | null>(null);
  const [path, setPath] = useState<string | null>(null);
  const [field, setField] = useState('');
  const [index, setIndex] = useState<number | string>(0);
  const variables = useVariables().data ?? [];
  const [variable, setVariable] = useState<string | null>(null);
  const chosen = steps.find((s) => String(s.step) === step);
  const choices = useMemo(() => (chosen === undefined ? [] : templateChoices(chosen.step, chosen.known)), [chosen]);
  const reference = step === ENVIRONMENT ? (variable === null ? null : `{{$env.${variable}}}`)
    : chosen === undefined ? null
      : path === CUSTOM || path === null
        ? customReference(chosen.step, field, typeof index === 'number' ? index : null)
        : path;

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={320} withinPortal trapFocus>
      <Popover.Target>
        <Button size="compact-xs" variant="light" leftSection={<IconBraces size={12} />} onClick={() => setOpened((o) => !o)} aria-label={t('workflow.picker.buttonFor', { param: paramName })}>
          {t('workflow.picker.button')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" data-testid="template-picker">
          <Select
            label={t('workflow.picker.step')}
            placeholder={t('workflow.picker.stepPlaceholder')}
            data={[
              ...steps.map((s) => ({ value: String(s.step), label: `$${s.step} ${s.label}` })),
              ...(variables.length === 0 ? [] : [{ value: ENVIRONMENT, label: `$env ${t('workflow.picker.environment')}` }]),
            ]}
            value={step}
            onChange={(value) => {
              setStep(value);
              setPath(null);
            }}
            comboboxProps={{ withinPortal: false }}
          />
          {step === ENVIRONMENT && (
            <Select
              label={t('workflow.picker.variable')}
              data={variables.map((each) => ({ value: each.name, label: each.secret ? t('workflow.picker.secretVariable', { name: each.name }) : each.name }))}
              value={variable}
              onChange={setVariable}
              comboboxProps={{ withinPortal: false }}
            />
          )}
          {chosen !== undefined && (
            <Select
              label={t('workflow.picker.field')}
              data={[
                ...choices.map((c) => ({ value: c.text, label: c.label === WHOLE_OUTPUT ? t('workflow.picker.wholeOutput') : c.label })),
                { value: CUSTOM, label: t('workflow.picker.otherField') },
              ]}
              value={path ?? CUSTOM}
              onChange={setPath}
              comboboxProps={{ withinPortal: false }}
              allowDeselect={false}
            />
          )}
          {chosen !== undefined && (path === null || path === CUSTOM) && (
            <Group grow gap="xs">
              <TextInput label={t('workflow.picker.fieldName')} placeholder={t('workflow.picker.fieldNamePlaceholder')} value={field} onChange={(e) => setField(e.currentTarget.value)} />
              <NumberInput label={t('workflow.picker.index')} min={0} max={999_999} value={index} onChange={setIndex} allowDecimal={false} />
            </Group>
          )}
          {steps.length === 0 && <Text size="xs" c="dimmed">{t('workflow.picker.noStep')}</Text>}
          <Text size="xs" ff="monospace" c={reference === null ? 'red' : undefined}>{chosen === undefined && step !== ENVIRONMENT ? ' ' : (reference ?? t('workflow.picker.notAField'))}</Text>
          <Button
            size="xs"
            disabled={reference === null}
            onClick={() => {
              if (reference === null) return;
              onInsert(reference);
              setOpened(false);
            }}
          >
            {t('workflow.picker.insert')}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
