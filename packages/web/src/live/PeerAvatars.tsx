import { Avatar, Tooltip } from '@mantine/core';
import { peerInitials } from './peer-colors';
import type { Peer } from '../state/live-state';
import { useT } from '../i18n/LanguageProvider';

/** Who else is on the document (issue 33, presence): one avatar per builder, in his colour, in the editor's bar. */
export function PeerAvatars({ peers, what }: { peers: readonly Peer[]; what: string }) {
  const t = useT();
  // One avatar per builder, however many tabs he has open.
  const builders = peers.filter((peer, index) => peers.findIndex((other) => other.name === peer.name) === index);
  if (builders.length === 0) return null;
  return (
    <Avatar.Group spacing="sm" role="group" aria-label={t('shell.live.alsoEditing', { names: builders.map((peer) => peer.name).join(', ') })} data-testid="peer-avatars">
      {builders.slice(0, 4).map((peer) => (
        <Tooltip key={peer.clientId} label={t('shell.live.isEditing', { name: peer.name, what })} withArrow>
          <Avatar size={30} radius="xl" variant="filled" color={peer.color} role="img" aria-label={peer.name} data-testid="peer-avatar">{peerInitials(peer.name)}</Avatar>
        </Tooltip>
      ))}
      {builders.length > 4 && <Avatar size={30} radius="xl" role="img" aria-label={t('shell.live.more', { count: builders.length - 4 })}>+{builders.length - 4}</Avatar>}
    </Avatar.Group>
  );
}
