import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from '@dnd-kit/core';
import { type Component, childrenOf, findComponent, GRID_COLUMNS, locateComponent, type TreePosition } from '@rakit/core';
import { t } from '../i18n/i18n';
import type { Translate } from '../i18n/LanguageProvider';
import { type DragSource, dropPosition } from './drop-target';
import { widgetName } from './widget-names';

/**
 * What the board says to a screen reader as components are added, moved and resized (issue 34):
 * the component by name and its place in words, "position 2 of 5 in the page", in the active catalog.
 */

/** A component's name to a person: its title, or its widget's name while it has none. */
export const componentName = (component: Component, translate: Translate = t): string => (component.title === '' ? widgetName(component.type, translate) : component.title);

/** "position 2 of 5 in Card 1": `count` is how many the list holds with the component in it. */
function placeWords(list: readonly Component[], at: TreePosition, count: number): string {
  const card = at.parentId === null ? undefined : findComponent(list, at.parentId);
  return card === undefined
    ? t('editor.announce.placeInPage', { position: at.index + 1, count })
    : t('editor.announce.placeInCard', { position: at.index + 1, count, card: componentName(card) });
}

/** Where a component stands now, in words. */
function currentPlace(list: readonly Component[], id: string): string {
  const at = locateComponent(list, id);
  if (at === undefined) return t('editor.announce.itsPlace');
  return placeWords(list, at, childrenOf(list, at.parentId)?.length ?? 0);
}

/** Where a component (or a new one, `movingId` null) would go dropped over `overId`, in words, with that place's key. */
function placeOver(list: readonly Component[], movingId: string | null, overId: UniqueIdentifier): { words: string; key: string } | undefined {
  const at = dropPosition(list, movingId, overId);
  if (at === undefined) return undefined;
  const siblings = childrenOf(list, at.parentId) ?? [];
  const joining = movingId === null || !siblings.some((c) => c.id === movingId);
  return { words: placeWords(list, at, siblings.length + (joining ? 1 : 0)), key: `${at.parentId ?? ''}:${at.index}` };
}

/** "Text 1 added, position 4 of 4 in the page." */
export function addedWords(list: readonly Component[], id: string): string {
  const component = findComponent(list, id);
  return component === undefined ? '' : t('editor.announce.added', { name: componentName(component), place: currentPlace(list, id) });
}

/** "Text 1 moved to position 2 of 4 in the page." */
export function movedWords(list: readonly Component[], id: string): string {
  const component = findComponent(list, id);
  return component === undefined ? '' : t('editor.announce.moved', { name: componentName(component), place: currentPlace(list, id) });
}

/** "6 of 12 columns": a width as the resize slider and the announcements say it. */
export const widthWords = (width: number, translate: Translate = t): string => translate('editor.announce.width', { width, columns: GRID_COLUMNS });

/** "Text 1 is 6 of 12 columns wide." */
export const resizedWords = (component: Component, width: number): string =>
  t('editor.announce.resized', { name: componentName(component), width, columns: GRID_COLUMNS });

/** How a keyboard user moves a component: the description of every drag handle, in the catalog of `translate`. */
export const moveInstructions = (translate: Translate): ScreenReaderInstructions => ({
  draggable: translate('editor.announce.instructions'),
});

/** A name at the start of a sentence ("the new Text" → "The new Text"). */
const sentence = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);

/**
 * dnd-kit's announcements for the board, reading the page from `readList` at each step. A
 * drop is described after the move is made (dnd-kit tells its `onDragEnd` first), so from
 * where the component now is; "dropped into Card 1" when it changed lists.
 */
export function moveAnnouncements(readList: () => readonly Component[]): Announcements {
  // The last place announced: dnd-kit reports the drag's own place as its first "over", which is no news.
  let lastKey: string | null = null;
  let startParent: string | null = null;
  const nameOf = (source: DragSource | undefined): string => {
    if (source?.kind === 'palette') return t('editor.announce.newComponent', { name: source.label });
    const component = source === undefined ? undefined : findComponent(readList(), source.id);
    return component === undefined ? t('editor.announce.theComponent') : componentName(component);
  };
  const sourceOf = (data: { current?: unknown } | undefined) => data?.current as DragSource | undefined;

  return {
    onDragStart({ active }) {
      const source = sourceOf(active.data);
      if (source?.kind !== 'component') {
        lastKey = null;
        return t('editor.announce.pickedUp', { name: nameOf(source) });
      }
      const list = readList();
      const at = locateComponent(list, source.id);
      lastKey = at === undefined ? null : `${at.parentId ?? ''}:${at.index}`;
      startParent = at?.parentId ?? null;
      return t('editor.announce.pickedUpAt', { name: nameOf(source), place: currentPlace(list, source.id) });
    },
    onDragOver({ active, over }) {
      const source = sourceOf(active.data);
      const name = nameOf(source);
      if (over === null) {
        lastKey = null;
        return t('editor.announce.overNothing', { name: sentence(name) });
      }
      const place = placeOver(readList(), source?.kind === 'component' ? source.id : null, over.id);
      if (place === undefined || place.key === lastKey) return undefined;
      lastKey = place.key;
      return source?.kind === 'palette'
        ? t('editor.announce.wouldGo', { name, place: place.words })
        : t('editor.announce.moved', { name: sentence(name), place: place.words });
    },
    onDragEnd({ active, over }) {
      const source = sourceOf(active.data);
      const list = readList();
      if (source?.kind === 'palette') return over === null ? t('editor.announce.notAdded', { name: sentence(nameOf(source)) }) : undefined;
      if (source === undefined) return undefined;
      const at = locateComponent(list, source.id);
      const card = at === undefined || at.parentId === null ? undefined : findComponent(list, at.parentId);
      if (at !== undefined && card !== undefined && at.parentId !== startParent) {
        return t('editor.announce.droppedInto', { name: nameOf(source), card: componentName(card), position: at.index + 1, count: card.children?.length ?? 0 });
      }
      return t('editor.announce.droppedAt', { name: nameOf(source), place: currentPlace(list, source.id) });
    },
    onDragCancel({ active }) {
      const source = sourceOf(active.data);
      if (source?.kind !== 'component') return t('editor.announce.addCancelled', { name: nameOf(source) });
      return t('editor.announce.moveCancelled', { name: nameOf(source), place: currentPlace(readList(), source.id) });
    },
  };
}
