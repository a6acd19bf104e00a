import { Badge, Loader } from '@mantine/core';
import { IconCheck, IconCloudOff, IconPointFilled } from '@tabler/icons-react';

/**
 * Where an editor's work stands: 'saved' (the server holds what is shown), 'saving', 'unsaved'
 * (waiting to be saved), 'refused' (the last save was refused), 'offline' (the shared
 * document's connection is lost: edits are kept here and join when it returns).
 */
export type SaveState = 'saved' | 'saving' | 'unsaved' | 'refused' | 'offline';

const SHOWN = {
  saved: { color: 'green', label: 'Saved', icon: <IconCheck size={14} />, title: undefined },
  saving: { color: 'yellow', label: 'Syncronizing', icon: <Loader size={10} color="yellow" />, title: undefined },
  unsaved: { color: 'yellow', label: 'Syncronizing', icon: <IconPointFilled size={14} />, title: undefined },
  refused: { color: 'red', label: 'Syncronizing', icon: <IconPointFilled size={14} />, title: 'The last save was refused; change it to try again' },
  offline: { color: 'gray', label: 'Offline', icon: <IconCloudOff size={14} />, title: 'No connection: your edits are kept here and join when it returns' },
} as const;

/** The editors' save badge ('Syncronizing' is the product's spelling); `live` is the shared document's status, for tests. */
export function SaveStateBadge({ state, live, testId }: { state: SaveState; live: string | undefined; testId: string }) {
  const shown = SHOWN[state];
  return (
    <Badge data-testid={testId} data-live={live} variant="light" size="lg" color={shown.color} leftSection={shown.icon} title={shown.title} tt="none" role="status">
      {shown.label}
    </Badge>
  );
}
