import { Badge, Button, Group, Popover, Stack, Text } from '@mantine/core';
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { IconCloudOff, IconCloudUpload } from '@tabler/icons-react';
import { useEffect, useSyncExternalStore } from 'react';
import { preloadNotices } from '../components/notify';
import { preloadWhenIdle } from '../components/lazy-module';
import { useT } from '../i18n/LanguageProvider';
import classes from './OfflineStatus.module.css';
import { useWaitingWrites, type WaitingWrite } from './write-queue';

/** Whether the browser says it is online, as TanStack Query pauses and resumes by it. */
export const useOnline = (): boolean => useSyncExternalStore((listener) => onlineManager.subscribe(listener), () => onlineManager.isOnline());

const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/**
 * The member's header while the network is away or writes wait (issue 38): "Offline", and how
 * many saved entries wait to be sent, opening the list of them: each with its state, and the
 * reason of a refusal with a way to discard it.
 */
export function OfflineStatus({ appSlug, userId }: { appSlug: string; userId: string }) {
  const t = useT();
  const online = useOnline();
  // A click offline says so in a notice: its code must be on the device before the network goes.
  useEffect(() => {
    return online ? preloadWhenIdle(preloadNotices) : undefined;
  }, [online]);
  const writes = useWaitingWrites(useQueryClient(), appSlug, userId);
  const refused = writes.filter((item) => item.state === 'refused').length;
  const waiting = writes.length - refused;
  const summary = [waiting > 0 ? t('shell.offline.waiting', { count: waiting }) : null, refused > 0 ? t('shell.offline.refusedCount', { count: refused }) : null]
    .filter((part) => part !== null).join(' · ');
  return (
    <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
      {!online && (
        <Badge color="orange" variant="light" leftSection={<IconCloudOff size={14} />} tt="none" role="status" style={{ flexShrink: 0, overflow: 'visible' }}>
          <span className={classes.phoneHidden}>{t('shell.offline.badge')}</span>
        </Badge>
      )}
      {writes.length > 0 && (
        <Popover width={320} position="bottom-end" withArrow shadow="md" trapFocus>
          <Popover.Target>
            <Button size="xs" variant="light" color={refused > 0 ? 'red' : 'blue'} leftSection={<IconCloudUpload size={16} />} aria-label={summary}>
              <span className={classes.phoneHidden}>{summary}</span>
              <span className={classes.phoneOnly} aria-hidden>{writes.length}</span>
            </Button>
          </Popover.Target>
          <Popover.Dropdown maw="calc(100vw - 1rem)">
            <Text fw={600} mb="xs">{t('shell.offline.listTitle')}</Text>
            <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {writes.map((item) => <WaitingWriteLine key={item.write.key} item={item} />)}
            </Stack>
          </Popover.Dropdown>
        </Popover>
      )}
    </Group>
  );
}

function WaitingWriteLine({ item }: { item: WaitingWrite }) {
  const t = useT();
  const state = item.state === 'refused'
    ? t('shell.offline.state.refused', { reason: item.reason ?? '' })
    : item.state === 'sending' ? t('shell.offline.state.sending') : t('shell.offline.state.waiting');
  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
      <div style={{ minWidth: 0, flex: 1 }}>
        <Text size="sm" fw={500} truncate>{item.write.label}</Text>
        <Text size="xs" c="dimmed">{t('shell.offline.savedAt', { time: clock.format(item.write.queuedAt) })}</Text>
        <Text size="xs" c={item.state === 'refused' ? 'red' : 'dimmed'}>{state}</Text>
      </div>
      {item.state === 'refused' && <Button size="compact-xs" variant="subtle" color="red" style={{ flexShrink: 0 }} onClick={item.discard}>{t('shell.offline.discard')}</Button>}
    </Group>
  );
}
