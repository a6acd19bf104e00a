import { Badge, Button, Code, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import type { ComponentChange, FileChange, MessageKey, PropertyChange } from '@rakit/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { useState } from 'react';
import { lazyModule } from '../../components/lazy-module';
import { useT } from '../../i18n/LanguageProvider';

/** The widgets that draw a page come with the first drawing asked for: most reviews read the tables. */
const pageDrawing = lazyModule(() => import('./PageBeforeAfter'));

const STATUS_COLORS: Record<FileChange['status'], string> = { added: 'green', changed: 'blue', removed: 'red' };
const STATUS_LABELS: Record<FileChange['status'], MessageKey> = {
  added: 'admin.git.status.added', changed: 'admin.git.status.changed', removed: 'admin.git.status.removed',
};
const THING_LABELS: Record<FileChange['thing'], MessageKey> = {
  application: 'admin.git.thing.application', connection: 'admin.git.thing.connection', page: 'admin.git.thing.page', menus: 'admin.git.thing.menus',
  groups: 'admin.git.thing.groups', triggers: 'admin.git.thing.triggers', query: 'admin.git.thing.query', function: 'admin.git.thing.function',
  workflow: 'admin.git.thing.workflow', printTemplate: 'admin.git.thing.printTemplate', pdfTemplate: 'admin.git.thing.pdfTemplate', api: 'admin.git.thing.api',
};

function StatusBadge({ status }: { status: FileChange['status'] }) {
  const t = useT();
  return <Badge size="sm" variant="light" color={STATUS_COLORS[status]} tt="none">{t(STATUS_LABELS[status])}</Badge>;
}

/** Values as they were and as they will be, one row per property (a long one wraps, a script keeps its lines). */
function PropertyTable({ properties, caption }: { properties: readonly PropertyChange[]; caption: string }) {
  const t = useT();
  const shown = (value: string | null) => (value === null ? <Text span size="xs" c="dimmed">{t('admin.git.none')}</Text> : <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{value}</Code>);
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table withTableBorder verticalSpacing={4} fz="sm" layout="fixed">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr><Table.Th w="24%">{t('admin.git.colProperty')}</Table.Th><Table.Th>{t('admin.git.colBefore')}</Table.Th><Table.Th>{t('admin.git.colAfter')}</Table.Th></Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {properties.map((change) => (
            <Table.Tr key={change.property}>
              <Table.Td style={{ wordBreak: 'break-word' }}>{change.property}</Table.Td>
              <Table.Td>{shown(change.before)}</Table.Td>
              <Table.Td>{shown(change.after)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ComponentItem({ change }: { change: ComponentChange }) {
  const t = useT();
  const label = t('admin.git.component', { type: change.type, title: change.title === '' ? change.id : change.title });
  return (
    <Stack gap={4} pl="sm" style={{ borderLeft: '3px solid var(--mantine-color-default-border)' }}>
      <Group gap="xs"><Text size="sm" fw={600}>{label}</Text><StatusBadge status={change.status} /></Group>
      {change.properties.length > 0 && <PropertyTable properties={change.properties} caption={t('admin.git.componentCaption', { component: label })} />}
    </Stack>
  );
}

/** "Show the page before and after": both sides drawn under the page's changes, on demand. */
function DrawingToggle({ drawing }: { drawing: NonNullable<FileChange['drawing']> }) {
  const t = useT();
  const [shown, setShown] = useState(false);
  const code = pageDrawing.useModule(shown);
  return (
    <Stack gap="xs">
      <Group>
        <Button
          size="compact-sm" variant="subtle" leftSection={<IconLayoutDashboard size={14} />} aria-expanded={shown}
          onPointerEnter={pageDrawing.preload} onFocus={pageDrawing.preload} onClick={() => setShown((was) => !was)}
        >
          {shown ? t('admin.git.drawHide') : t('admin.git.drawShow')}
        </Button>
      </Group>
      {shown && (code === null ? <Loader size="sm" role="status" aria-label={t('admin.git.drawLoading')} /> : <code.PageBeforeAfter drawing={drawing} />)}
    </Stack>
  );
}

/**
 * What a pull would change (issue 39), as people read it: each page, workflow, function… added,
 * changed or removed; its fields before and after; a page's components one by one, property by
 * property.
 */
export function ChangeList({ changes }: { changes: readonly FileChange[] }) {
  const t = useT();
  return (
    <Stack gap="sm" data-testid="git-changes">
      {changes.map((change) => {
        const title = `${t(THING_LABELS[change.thing])}: ${change.name}`;
        return (
          <Paper key={change.path} withBorder p="sm" component="article" aria-label={title}>
            <Group gap="xs" mb={change.fields.length + change.components.length > 0 ? 'xs' : 0} wrap="wrap">
              <Text fw={700} size="sm">{title}</Text>
              <StatusBadge status={change.status} />
              <Text size="xs" c="dimmed">{change.path}</Text>
            </Group>
            <Stack gap="xs">
              {change.fields.length > 0 && <PropertyTable properties={change.fields} caption={t('admin.git.fieldsCaption', { thing: title })} />}
              {change.components.map((component) => <ComponentItem key={component.id} change={component} />)}
              {change.drawing === undefined ? null : <DrawingToggle drawing={change.drawing} />}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
