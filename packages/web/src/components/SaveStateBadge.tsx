import { Badge, Loader } from '@mantine/core';
import type { MessageKey } from '@rakit/core';
import { IconCheck, IconCloudOff, IconPointFilled } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useT } from '../i18n/LanguageProvider';

/**
 * Where an editor's work stands: 'saved' (the server holds what is shown), 'saving', 'unsaved'
 * (waiting to be saved), 'refused' (the last save was refused), 'offline' (the shared
 * document's connection is lost: edits are kept here and join when it returns).
 */
export type SaveState = 'saved' | 'saving' | 'unsaved' | 'refused' | 'offline';

const SHOWN: Record<SaveState, { color: string; label: MessageKey; icon: ReactNode; title?: MessageKey }> = {
  saved: { color: 'green', label: 'shell.save.saved', icon: <IconCheck size={14} /> },
  saving: { color: 'yellow', label: 'shell.save.syncing', icon: <Loader size={10} color="yellow" /> },
  unsaved: { color: 'yellow', label: 'shell.save.syncing', icon: <IconPointFilled size={14} /> },
  refused: { color: 'red', label: 'shell.save.syncing', icon: <IconPointFilled size={14} />, title: 'shell.save.refused' },
  offline: { color: 'gray', label: 'shell.save.offline', icon: <IconCloudOff size={14} />, title: 'shell.save.offlineTitle' },
};

/** The editors' save badge ('Syncronizing' is the product's spelling); `live` is the shared document's status, for tests. */
export function SaveStateBadge({ state, live, testId }: { state: SaveState; live: string | undefined; testId: string }) {
  const t = useT();
  const shown = SHOWN[state];
  return (
    <Badge data-testid={testId} data-live={live} variant="light" size="lg" color={shown.color} leftSection={shown.icon} title={shown.title === undefined ? undefined : t(shown.title)} tt="none" role="status">
      {t(shown.label)}
    </Badge>
  );
}
