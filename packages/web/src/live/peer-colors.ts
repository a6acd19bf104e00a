/**
 * Colours that tell builders apart on the board (issue 33, presence): Mantine's darkest shades,
 * each at least 4.5:1 against white, so a name written in white on it stays readable (WCAG AA).
 */
const PEER_COLORS = ['#c92a2a', '#a61e4d', '#862e9c', '#5f3dc4', '#364fc7', '#1864ab', '#0b7285', '#087f5b'] as const;

/** The same builder gets the same colour in every editor. */
export function peerColor(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return PEER_COLORS[hash % PEER_COLORS.length]!;
}

/** Up to two letters that stand for a builder on an avatar. */
export function peerInitials(name: string): string {
  const words = name.split(/[\s._-]+/).filter((word) => word !== '');
  const letters = words.length > 1 ? words[0]![0]! + words[1]![0]! : name.slice(0, 2);
  return letters.toUpperCase();
}
