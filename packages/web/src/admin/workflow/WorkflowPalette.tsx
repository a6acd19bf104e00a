import { Badge, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { Addon, QueryRecord } from '@rakit/core';
import { IconDatabase, IconGripVertical } from '@tabler/icons-react';
import { type DragEvent, useId } from 'react';
import { useT } from '../../i18n/LanguageProvider';
import { addonDescription, addonLabel } from './addon-texts';
import classes from './WorkflowEditor.module.css';

/** What a palette item puts on the canvas: a card of an add-on, with values for a stored query. */
export interface CardTemplate {
  addonName: string;
  alias: string;
  params: Record<string, string>;
}

/** The drag's data type: only the palette's items drop cards. */
export const CARD_DRAG_TYPE = 'application/x-rakit-workflow-card';

export function cardTemplateOfDrag(event: DragEvent): CardTemplate | null {
  const text = event.dataTransfer.getData(CARD_DRAG_TYPE);
  if (text === '') return null;
  try {
    const parsed = JSON.parse(text) as Partial<CardTemplate>;
    if (typeof parsed.addonName !== 'string' || typeof parsed.alias !== 'string') return null;
    const params = typeof parsed.params === 'object' && parsed.params !== null ? parsed.params : {};
    return { addonName: parsed.addonName, alias: parsed.alias, params };
  } catch {
    return null;
  }
}

interface PaletteProps {
  addons: readonly Addon[];
  queries: readonly QueryRecord[];
  /** A workflow is open: items can be dropped or added. */
  enabled: boolean;
  /** Enter or a click on an item adds its card without dragging (keyboard access). */
  onAdd: (template: CardTemplate) => void;
}

/**
 * The palette (spec 1 screen 10): the add-on actions (one not built yet is shown disabled with
 * its reason) and the 'Action Query' list of the application's stored queries, each dragged
 * onto the canvas, or added with Enter.
 */
export function WorkflowPalette({ addons, queries, enabled, onAdd }: PaletteProps) {
  const t = useT();
  return (
    <Paper withBorder radius="md" p="sm" className={classes.palette} component="aside" aria-label={t('workflow.palette.label')}>
      <div className={classes.paletteList}>
        <Stack gap={6}>
          <Title order={2} size="h6" c="dimmed" tt="uppercase">{t('workflow.palette.addons')}</Title>
          {addons.map((addon) => {
            // A new card's alias is its add-on's name, in the builder's language: the author's own text from then on.
            const label = addonLabel(t, addon);
            return (
              <PaletteItem
                key={addon.name}
                label={label}
                description={addon.available ? addonDescription(t, addon) : (addon.unavailableReason ?? t('workflow.palette.notAvailable'))}
                disabled={!enabled || !addon.available}
                unavailable={!addon.available}
                template={{ addonName: addon.name, alias: label, params: {} }}
                onAdd={onAdd}
              />
            );
          })}
          <Title order={2} size="h6" c="dimmed" tt="uppercase" mt="sm">{t('workflow.palette.actionQuery')}</Title>
          {queries.length === 0 && <Text size="xs" c="dimmed">{t('workflow.palette.noQuery')}</Text>}
          {queries.map((query) => (
            <PaletteItem
              key={query.actionId}
              label={query.actionName === '' ? t('workflow.palette.queryLabel', { id: query.actionId }) : query.actionName}
              description={query.actionSQLQuery}
              disabled={!enabled}
              icon
              template={{ addonName: 'query', alias: query.actionName === '' ? t('workflow.palette.queryAlias', { id: query.actionId }) : query.actionName, params: { queryId: String(query.actionId) } }}
              onAdd={onAdd}
            />
          ))}
        </Stack>
      </div>
    </Paper>
  );
}

interface PaletteItemProps {
  label: string;
  description: string;
  disabled: boolean;
  unavailable?: boolean;
  icon?: boolean;
  template: CardTemplate;
  onAdd: (template: CardTemplate) => void;
}

function PaletteItem({ label, description, disabled, unavailable = false, icon = false, template, onAdd }: PaletteItemProps) {
  const t = useT();
  const describedBy = useId();
  // The button holds only the label, so its name ('Add …') contains all it shows; the description is its description.
  return (
    <div
      className={classes.paletteItem}
      draggable={!disabled}
      data-disabled={disabled || undefined}
      onDragStart={(event) => {
        event.dataTransfer.setData(CARD_DRAG_TYPE, JSON.stringify(template));
        event.dataTransfer.effectAllowed = 'copy';
      }}
    >
      <UnstyledButton
        className={classes.paletteButton}
        disabled={disabled}
        data-testid="palette-item"
        data-label={label}
        aria-label={t('workflow.palette.add', { label })}
        aria-describedby={describedBy}
        onClick={() => onAdd(template)}
      >
        {icon ? <IconDatabase size={16} aria-hidden /> : <IconGripVertical size={16} aria-hidden />}
        <Text size="sm" fw={600} truncate>{label}</Text>
      </UnstyledButton>
      <Group gap={4} wrap="nowrap" align="flex-start" pl={24}>
        <Text size="xs" c="dimmed" lineClamp={2} id={describedBy} style={{ flex: 1 }}>{description}</Text>
        {unavailable && <Badge size="xs" color="gray" variant="light">{t('workflow.palette.unavailable')}</Badge>}
      </Group>
    </div>
  );
}
