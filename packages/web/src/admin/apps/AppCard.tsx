import { ActionIcon, Badge, Button, Card, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconExternalLink, IconPencil, IconTrash } from '@tabler/icons-react';
import { type Application, isBuiltInApp } from '@rakit/core';
import { useT } from '../../i18n/LanguageProvider';

/** What an export holds besides the application itself. */
export interface ExportOptions {
  users: boolean;
  data: boolean;
}

interface AppCardProps {
  app: Application;
  onEdit: () => void;
  onOpen: () => void;
  onDelete: () => void;
  /** Downloads the application as a bundle: with its users' ids or without, with its SQLite rows or without. */
  onExport: (options: ExportOptions) => void;
}

/**
 * One application of the list: name, group, description; Edit, Open, Export and remove. main
 * and _root cannot be removed nor exported, so their cards offer neither.
 */
export function AppCard({ app, onEdit, onOpen, onDelete, onExport }: AppCardProps) {
  const t = useT();
  return (
    <Card withBorder radius="md" padding="lg" data-testid="app-card">
      <Stack gap="xs" style={{ flex: 1 }}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={2} size="h4" style={{ wordBreak: 'break-word' }}>{app.appName}</Title>
          {app.groupName !== undefined && <Badge variant="light" style={{ flexShrink: 0 }}>{app.groupName}</Badge>}
        </Group>
        <Text size="xs" c="dimmed">/{app.appSlug}</Text>
        <Text size="sm" c={app.appDescription === '' ? 'dimmed' : undefined} lineClamp={3}>
          {app.appDescription === '' ? t('admin.apps.noDescription') : app.appDescription}
        </Text>
      </Stack>
      <Group mt="md" gap="xs">
        <Button size="xs" variant="default" leftSection={<IconPencil size={14} />} onClick={onEdit}>{t('admin.apps.edit')}</Button>
        <Button size="xs" leftSection={<IconExternalLink size={14} />} onClick={onOpen}>{t('admin.apps.open')}</Button>
        {!isBuiltInApp(app.appSlug) && (
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <Button size="xs" variant="default" leftSection={<IconDownload size={14} />}>{t('admin.apps.export')}</Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => onExport({ users: false, data: true })}>{t('admin.apps.exportApplication')}</Menu.Item>
              <Menu.Item onClick={() => onExport({ users: true, data: true })}>{t('admin.apps.exportWithUsers')}</Menu.Item>
              <Menu.Item onClick={() => onExport({ users: false, data: false })}>{t('admin.apps.exportWithoutData')}</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
        {!isBuiltInApp(app.appSlug) && (
          <ActionIcon ml="auto" variant="subtle" color="red" size="lg" aria-label={t('admin.apps.delete')} onClick={onDelete}>
            <IconTrash size={18} />
          </ActionIcon>
        )}
      </Group>
    </Card>
  );
}
