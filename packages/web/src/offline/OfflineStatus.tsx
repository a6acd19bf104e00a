import { Badge, Button, Group, Popover, Stack, Text } from '@mantine/core';
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { IconCloudOff, IconCloudUpload } from '@tabler/icons-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { notifyInfo, preloadNotices } from '../components/notify';
import { preloadWhenIdle } from '../components/lazy-module';
import { useT } from '../i18n/LanguageProvider';
import { enterAgain } from './enter-again';
import classes from './OfflineStatus.module.css';
import { useWaitingWrites, type WaitingWrite } from './write-queue';

/** Whether the browser says it is online, as TanStack Query pauses and resumes by it. */
export const useOnline = (): boolean => useSyncExternalStore((listener) => onlineManager.subscribe(listener), () => onlineManager.isOnline());

const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/**
 * The member's header while the network is away or writes wait (issue 38): "Offline", and how
 * many saved entries wait to be sent, opening the list of them: each with its state, and the
 * reason of a refusal with a way to fix (its form entered again) or discard it.
 */
export function OfflineStatus({ appSlug, userId }: { appSlug: string; userId: string }) {
  const t = useT();
  const online = useOnline();
  // A click offline says so in a notice: its code must be on the device before the network goes.
  useEffect(() => {
    return online ? preloadWhenIdle(preloadNotices) : undefined;
  }, [online]);
  const writes = useWaitingWrites(useQueryClient(), appSlug, userId);
  const [listOpened, setListOpened] = useState(false);
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
        <Popover width={320} position="bottom-end" withArrow shadow="md" trapFocus opened={listOpened} onChange={setListOpened}>
          <Popover.Target>
            <Button size="xs" variant="light" color={refused > 0 ? 'red' : 'blue'} leftSection={<IconCloudUpload size={16} />} aria-label={summary} onClick={() => setListOpened((open) => !open)}>
              <span className={classes.phoneHidden}>{summary}</span>
              <span className={classes.phoneOnly} aria-hidden>{writes.length}</span>
            </Button>
          </Popover.Target>
          <Popover.Dropdown maw="calc(100vw - 1rem)">
            <Text fw={600} mb="xs">{t('shell.offline.listTitle')}</Text>
            <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {writes.map((item) => <WaitingWriteLine key={item.write.key} item={item} onEnterAgain={() => setListOpened(false)} />)}
            </Stack>
          </Popover.Dropdown>
        </Popover>
      )}
    </Group>
  );
}

function WaitingWriteLine({ item, onEnterAgain }: { item: WaitingWrite; onEnterAgain: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const refused = item.state === 'refused';
  /** The entry back into its form, on its page, to correct and save again; the refused write goes. */
  const fix = () => {
    const path = enterAgain(item.write);
    if (path === null) return;
    item.discard();
    onEnterAgain();
    void navigate(path);
    notifyInfo(t('shell.offline.enteredAgain'), item.write.label);
  };
  const state = refused
    ? t('shell.offline.state.refused', { reason: item.reason ?? '' })
    : item.state === 'sending' ? t('shell.offline.state.sending') : t('shell.offline.state.waiting');
  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
      <div style={{ minWidth: 0, flex: 1 }}>
        <Text size="sm" fw={500} truncate>{item.write.label}</Text>
        <Text size="xs" c="dimmed">{t('shell.offline.savedAt', { time: clock.format(item.write.queuedAt) })}</Text>
        <Text size="xs" c={refused ? 'red' : 'dimmed'}>{state}</Text>
      </div>
      {refused && (
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          {item.write.form !== undefined && <Button size="compact-xs" variant="light" onClick={fix}>{t('shell.offline.fix')}</Button>}
          <Button size="compact-xs" variant="subtle" color="red" onClick={item.discard}>{t('shell.offline.discard')}</Button>
        </Group>
      )}
    </Group>
  );
}
