import { type Component, walkComponents } from '@rakit/core';
import { createContext, useContext } from 'react';
import type { WidgetMode } from '../widgets/types';

/**
 * Whether a component on the board shows its live face (its saved configuration's data), or
 * null for the page editor, whose board shows design faces (sample data) only.
 */
export type LiveFaceTest = (component: Component) => boolean;

/** Given by the runtime viewer's edit mode: the board shows the page as its members see it. */
export const LiveFacesContext = createContext<LiveFaceTest | null>(null);

/** How the board shows one component's face. */
export interface BoardFace {
  mode: WidgetMode;
  /**
   * The face takes no clicks, focus or keys: while a page is edited in place, a click selects
   * the component and never runs its actions or writes a row. A card stays open to the
   * components inside it, which are faces of their own.
   */
  inert: boolean;
}

export function boardFace(component: Component, preview: boolean, live: LiveFaceTest | null): BoardFace {
  if (live === null) return { mode: preview ? 'preview' : 'design', inert: false };
  return { mode: preview || live(component) ? 'preview' : 'design', inert: !preview && component.children === undefined };
}

export const useBoardFace = (component: Component, preview: boolean): BoardFace => boardFace(component, preview, useContext(LiveFacesContext));

/**
 * Live for components as the server holds them (same id, same configuration): the data widgets
 * load by the saved configuration, so a component added or changed since the last save shows
 * its design face (sample rows of its columns) until it is saved.
 */
export function savedComponentTest(saved: readonly Component[]): LiveFaceTest {
  const stored = new Map<string, string>();
  for (const component of walkComponents(saved)) stored.set(component.id, JSON.stringify(component));
  // Components are never changed in place: one answer per component object.
  const answers = new WeakMap<Component, boolean>();
  return (component) => {
    let answer = answers.get(component);
    if (answer === undefined) {
      answer = stored.get(component.id) === JSON.stringify(component);
      answers.set(component, answer);
    }
    return answer;
  };
}
