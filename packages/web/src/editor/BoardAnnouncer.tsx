import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { Announcement } from '../components/Announcement';

/** The last thing the board said, and how many it has said: the same words said again are news again. */
const said = createStore<{ text: string; count: number }>(() => ({ text: '', count: 0 }));

/** Says `text` to screen readers through the board's live region (additions, resizes by keyboard). */
export function announceOnBoard(text: string): void {
  if (text !== '') said.setState(({ count }) => ({ text, count: count + 1 }));
}

/**
 * The board's live region, beside dnd-kit's (which says the moves). Each announcement is a new
 * element, which screen readers read even when its words repeat the last.
 */
export function BoardAnnouncer() {
  const { text, count } = useStore(said);
  return <Announcement message={text} saidTimes={count} testId="board-announcement" />;
}
