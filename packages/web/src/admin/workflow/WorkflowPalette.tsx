import { Badge, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { Addon, QueryRecord } from '@rakit/core';
import { IconDatabase, IconGripVertical } from '@tabler/icons-react';
import { type DragEvent, useId } from 'react';
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
  return (
    <Paper withBorder radius="md" p="sm" className={classes.palette} component="aside" aria-label="Workflow palette">
      <div className={classes.paletteList}>
        <Stack gap={6}>
          <Title order={2} size="h6" c="dimmed" tt="uppercase">Add-ons</Title>
          {addons.map((addon) => (
            <PaletteItem
              key={addon.name}
              label={addon.label}
              description={addon.available ? addon.description : (addon.unavailableReason ?? 'Not available')}
              disabled={!enabled || !addon.available}
              unavailable={!addon.available}
              template={{ addonName: addon.name, alias: addon.label, params: {} }}
              onAdd={onAdd}
            />
          ))}
          <Title order={2} size="h6" c="dimmed" tt="uppercase" mt="sm">Action Query</Title>
          {queries.length === 0 && <Text size="xs" c="dimmed">No stored query yet: save one from a page's QUERY action.</Text>}
          {queries.map((query) => (
            <PaletteItem
              key={query.actionId}
              label={query.actionName === '' ? `Query #${query.actionId}` : query.actionName}
              description={query.actionSQLQuery}
              disabled={!enabled}
              icon
              template={{ addonName: 'query', alias: query.actionName === '' ? `Query ${query.actionId}` : query.actionName, params: { queryId: String(query.actionId) } }}
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
        aria-label={`Add ${label}`}
        aria-describedby={describedBy}
        onClick={() => onAdd(template)}
      >
        {icon ? <IconDatabase size={16} aria-hidden /> : <IconGripVertical size={16} aria-hidden />}
        <Text size="sm" fw={600} truncate>{label}</Text>
      </UnstyledButton>
      <Group gap={4} wrap="nowrap" align="flex-start" pl={24}>
        <Text size="xs" c="dimmed" lineClamp={2} id={describedBy} style={{ flex: 1 }}>{description}</Text>
        {unavailable && <Badge size="xs" color="gray" variant="light">Unavailable</Badge>}
      </Group>
    </div>
  );
}
