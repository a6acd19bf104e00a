import { Avatar, Tooltip } from '@mantine/core';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { editorStore } from '../../state/editor-store';
import { peerInitials } from './peer-colors';

/** Who else is on the page (issue 33, presence): one avatar per builder, in his colour, in the editor's bar. */
export function PeerAvatars() {
  // One avatar per builder, however many tabs he has open.
  const peers = useStore(editorStore, useShallow((state) => {
    const seen = new Set<string>();
    return (state.live?.peers ?? []).filter((peer) => !seen.has(peer.name) && seen.add(peer.name) !== undefined);
  }));
  if (peers.length === 0) return null;
  const names = peers.map((peer) => peer.name).join(', ');
  return (
    <Avatar.Group spacing="sm" role="group" aria-label={`Also editing: ${names}`} data-testid="peer-avatars">
      {peers.slice(0, 4).map((peer) => (
        <Tooltip key={peer.clientId} label={`${peer.name} is editing this page`} withArrow>
          <Avatar size={30} radius="xl" variant="filled" color={peer.color} role="img" aria-label={peer.name} data-testid="peer-avatar">{peerInitials(peer.name)}</Avatar>
        </Tooltip>
      ))}
      {peers.length > 4 && <Avatar size={30} radius="xl" role="img" aria-label={`and ${peers.length - 4} more`}>+{peers.length - 4}</Avatar>}
    </Avatar.Group>
  );
}
