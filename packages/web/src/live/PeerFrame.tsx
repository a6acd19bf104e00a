import type { Peer } from '../state/live-state';
import classes from './PeerFrame.module.css';

/**
 * Another builder has this selected (issue 33, presence): a frame and his name, in his colour,
 * over the selected thing (which must be positioned: the frame is absolute).
 */
export function PeerFrame({ peer }: { peer: Peer | null }) {
  if (peer === null) return null;
  return (
    <div className={classes.frame} style={{ borderColor: peer.color }} data-testid="peer-selection">
      <span className={classes.name} style={{ background: peer.color }}>{peer.name}</span>
    </div>
  );
}
