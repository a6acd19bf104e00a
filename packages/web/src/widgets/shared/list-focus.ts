import { type KeyboardEvent, useEffect, useRef, useState } from 'react';

/**
 * The text inputs of an editable list where Enter adds a row after the current one and the new
 * row's input takes the focus (the option and column lists of the panels).
 */
export function useListFocus() {
  const [focusKey, setFocusKey] = useState<number | null>(null);
  const inputs = useRef(new Map<number, HTMLInputElement>());

  useEffect(() => {
    if (focusKey !== null) inputs.current.get(focusKey)?.focus();
  }, [focusKey]);

  return {
    /** Focuses the input of the row `key` once it is rendered. */
    focus: setFocusKey,
    /** Props of the input of the row `key`: its ref, and Enter calling `onEnter`. */
    inputProps: (key: number, onEnter: () => void) => ({
      ref: (element: HTMLInputElement | null) => {
        if (element === null) inputs.current.delete(key);
        else inputs.current.set(key, element);
      },
      onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
        if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
        event.preventDefault();
        onEnter();
      },
    }),
  };
}
