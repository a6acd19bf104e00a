import { CloseButton, Group, Paper, Text } from '@mantine/core';
import { findComponent } from '@rakit/core';
import { widgetDefinition } from '../widgets/registry';
import { AccessibilityWarnings } from './AccessibilityWarnings';
import { componentName } from './board-announcements';
import classes from './ConfigPanel.module.css';
import { editorStore, useEditor } from '../state/editor-store';

/** The active component's configuration panel, beside the board (spec 2 §2). */
export function ConfigPanel() {
  const component = useEditor((state) => (state.activeId === null ? undefined : findComponent(state.history.present, state.activeId)));
  const store = editorStore.getState();

  if (component === undefined) {
    return (
      <Paper withBorder radius="md" p="md" component="aside" aria-label="Configuration">
        <Text size="sm" c="dimmed">Click a component on the board, or press its type's name, to configure it.</Text>
      </Paper>
    );
  }
  const { Config, label, icon: Icon } = widgetDefinition(component.type);
  return (
    <Paper withBorder radius="md" component="aside" aria-label="Configuration" data-testid="config-panel">
      <Group justify="space-between" wrap="nowrap" px="md" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Group gap={6} wrap="nowrap" miw={0}>
          <Icon size={16} />
          <Text fw={600} size="sm" truncate>{componentName(component)}</Text>
          <Text size="xs" c="dimmed">{label}</Text>
        </Group>
        <CloseButton size="sm" aria-label="Close configuration" onClick={() => store.setActive(null)} />
      </Group>
      <div className={classes.body} data-testid="config-panel-body">
        <AccessibilityWarnings component={component} />
        <Config key={component.id} component={component} onChange={store.updateComponent} />
      </div>
    </Paper>
  );
}
