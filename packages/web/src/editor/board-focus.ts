/**
 * Puts the keyboard focus on a component's drag handle once the board shows it: the change that
 * made it (an addition, a move into a card) renders before the next frame.
 */
export function focusComponentHandle(id: string): void {
  requestAnimationFrame(() => {
    document.querySelector<HTMLElement>(`[data-component-id="${CSS.escape(id)}"] [data-drag-handle]`)?.focus();
  });
}
