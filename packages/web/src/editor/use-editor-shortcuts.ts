import { useEffect } from 'react';
import { editorStore } from './store';

/** Keys typed into a field belong to the field: its own undo, not the page's. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.closest('input, textarea, select, [contenteditable="true"]') !== null;
}

/** Ctrl+Z undoes a change of the page's components; Ctrl+Shift+Z and Ctrl+Y redo it (Cmd on macOS). */
export function useEditorShortcuts(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.defaultPrevented || isTyping(event.target)) return;
      const key = event.key.toLowerCase();
      const store = editorStore.getState();
      if (key === 'z' && !event.shiftKey) store.undo();
      else if ((key === 'z' && event.shiftKey) || key === 'y') store.redo();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
