import { CloseButton, Group, Paper, Text } from '@mantine/core';
import { findComponent } from '@rakit/core';
import { useT } from '../i18n/LanguageProvider';
import { widgetDefinition } from '../widgets/registry';
import { AccessibilityWarnings } from './AccessibilityWarnings';
import { componentName } from './board-announcements';
import classes from './ConfigPanel.module.css';
import { TranslationsSection } from './TranslationsSection';
import { widgetName } from './widget-names';
import { editorStore, useEditor } from '../state/editor-store';

/** The active component's configuration panel, beside the board (spec 2 §2). */
export function ConfigPanel() {
  const t = useT();
  const component = useEditor((state) => (state.activeId === null ? undefined : findComponent(state.history.present, state.activeId)));
  const store = editorStore.getState();

  if (component === undefined) {
    return (
      <Paper withBorder radius="md" p="md" component="aside" aria-label={t('editor.config.label')}>
        <Text size="sm" c="dimmed">{t('editor.config.hint')}</Text>
      </Paper>
    );
  }
  const { Config, icon: Icon } = widgetDefinition(component.type);
  return (
    <Paper withBorder radius="md" component="aside" aria-label={t('editor.config.label')} data-testid="config-panel">
      <Group justify="space-between" wrap="nowrap" px="md" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Group gap={6} wrap="nowrap" miw={0}>
          <Icon size={16} />
          <Text fw={600} size="sm" truncate>{componentName(component, t)}</Text>
          <Text size="xs" c="dimmed">{widgetName(component.type, t)}</Text>
        </Group>
        <CloseButton size="sm" aria-label={t('editor.config.close')} onClick={() => store.setActive(null)} />
      </Group>
      <div className={classes.body} data-testid="config-panel-body">
        <AccessibilityWarnings component={component} />
        <Config key={component.id} component={component} onChange={store.updateComponent} />
        <TranslationsSection key={`translations:${component.id}`} component={component} onChange={store.updateComponent} />
      </div>
    </Paper>
  );
}
