import { Badge, Loader } from '@mantine/core';
import { IconCheck, IconCloudOff, IconPointFilled } from '@tabler/icons-react';
import { useEditor } from '../state/editor-store';

/**
 * 'Saved' when the server holds what is shown, 'Syncronizing' (the product's spelling) otherwise;
 * 'Offline' while the page's shared document has lost its connection (edits are kept and join
 * the page when it returns).
 */
export function SyncIndicator() {
  const hasPage = useEditor((state) => state.page !== null);
  const sync = useEditor((state) => state.sync);
  const synced = sync === 'synced';
  const refused = useEditor((state) => state.failedRevision !== null && state.failedRevision === state.revision);
  const live = useEditor((state) => state.live?.status);
  const offline = live === 'offline';
  // Before a page is open its place is kept: the badge appearing pushed the toolbar onto a second
  // row on a phone and moved the whole editor down (a layout shift of 0.16, issue 42).
  if (!hasPage) return <Badge variant="light" size="lg" leftSection={<IconCheck size={14} />} tt="none" aria-hidden style={{ visibility: 'hidden' }}>Saved</Badge>;
  if (offline) {
    return (
      <Badge
        data-testid="sync-indicator"
        data-live={live}
        variant="light"
        size="lg"
        color="gray"
        leftSection={<IconCloudOff size={14} />}
        title="No connection: your edits are kept here and join the page when it returns"
        tt="none"
        role="status"
      >
        Offline
      </Badge>
    );
  }
  return (
    <Badge
      data-testid="sync-indicator"
      data-live={live}
      variant="light"
      size="lg"
      color={synced ? 'green' : refused ? 'red' : 'yellow'}
      leftSection={synced ? <IconCheck size={14} /> : sync === 'saving' ? <Loader size={10} color="yellow" /> : <IconPointFilled size={14} />}
      title={refused ? 'The last save was refused; change the page to try again' : undefined}
      tt="none"
      role="status"
    >
      {synced ? 'Saved' : 'Syncronizing'}
    </Badge>
  );
}
