import { useEffect } from 'react';
import { findComponent, layoutWidth } from '@rakit/core';
import { editorStore } from '../state/editor-store';
import { resizedWords } from './board-announcements';
import { announceOnBoard } from './BoardAnnouncer';

/** Keys typed into a field belong to the field: its own undo, not the page's. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.closest('input, textarea, select, [contenteditable="true"]') !== null;
}

/** Alt+← and Alt+→ make the selected component one column narrower or wider; true when the key was one of them. */
function resizeKey(event: KeyboardEvent): boolean {
  if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return false;
  if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return false;
  const store = editorStore.getState();
  if (store.activeId === null || store.preview) return false;
  store.resizeActive(event.key === 'ArrowLeft' ? -1 : 1);
  // The focus may be anywhere: the new width is said, as the slider says its own.
  const resized = findComponent(editorStore.getState().history.present, store.activeId);
  if (resized !== undefined) announceOnBoard(resizedWords(resized, layoutWidth(resized)));
  return true;
}

/**
 * Ctrl+Z undoes a change of the page's components; Ctrl+Shift+Z and Ctrl+Y redo it (Cmd on macOS).
 * Alt+←/→ resize the selected component (instead of the browser going back or forward).
 */
export function useEditorShortcuts(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTyping(event.target)) return;
      if (resizeKey(event)) {
        event.preventDefault();
        return;
      }
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
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
