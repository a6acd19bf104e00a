import {
  type Component, componentIn, initialFieldValue, inputFormatError, isEmptyFieldValue, isRequiredField, walkComponents, widgetCan,
} from '@rakit/core';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { createStore, type StoreApi, useStore } from 'zustand';
import { CurrentAppContext } from '../current-app/app-context';
import { entryToEnterAgain, takeEntryFor } from '../offline/enter-again';
import { activeLanguage, t } from '../i18n/i18n';
import { consumeOnceVariables, onGlobalVariablesChange, readGlobalValues } from './global-variables';
import type { WidgetMode } from './mode';

/**
 * The values of one page's form widgets while a person works with it (spec 2 §3: realValue),
 * with what the required and format rules say about them (spec 2 §5). One store per page,
 * created by PageFormProvider; widgets read and write their own field by component id.
 *
 * Errors are derived, never stored: a field shows its errors once it was left (blur) or once the
 * page asked every field to validate (validateAll); an input's format error shows as soon as it
 * has had input. Radio and checkbox hide their error again when their value changes.
 */
export interface PageFormState {
  /** The saved page these widgets belong to (runAction needs it); null when unknown, as in the editor. */
  pageId: number | null;
  /** The page's components by id, cards' children included. */
  components: Readonly<Record<string, Component>>;
  /** Values set on this page; a field not in here holds its initial value (initValue). */
  values: Readonly<Record<string, unknown>>;
  /** Fields whose errors are shown. */
  shown: Readonly<Record<string, boolean>>;
  /** Fields that have had input. */
  dirty: Readonly<Record<string, boolean>>;
  /** Global variables as the page read them when it opened (see global-variables.ts). */
  globals: Readonly<Record<string, unknown>>;
  setComponents: (components: readonly Component[]) => void;
  setValue: (id: string, value: unknown) => void;
  /** The field was left: its errors show from now on. */
  touch: (id: string) => void;
  /**
   * Shows every field's errors; returns the names (titles, as the reader's catalog shows them)
   * of the required fields that are empty.
   */
  validateAll: () => string[];
  /**
   * The form `id` belongs to (the fields of the card holding it, else of the whole page) goes back
   * to its initial values, errors hidden: a button's form after a successful run.
   */
  clearFormOf: (id: string) => void;
  /** Adds variables stored after the page opened (a GLOBAL action on this page). */
  mergeGlobals: (globals: Readonly<Record<string, unknown>>) => void;
  /** Puts an entry back into the page's fields (a refused offline write's Fix): those the page still has. */
  enterAgain: (fields: Readonly<Record<string, unknown>>) => void;
}

export type PageFormStore = StoreApi<PageFormState>;

/** The types whose error clears when the value changes (spec 2 §5; the address search, spec 3 §5). */
const CLEARS_ON_CHANGE = new Set<string>(['radio', 'checkbox', 'address']);

const byId = (list: readonly Component[]): Record<string, Component> =>
  Object.fromEntries([...walkComponents(list)].map((component) => [component.id, component]));

/** The configuration a value starts from: when it changes, a value not typed since is replaced. */
const startsFrom = (c: Component | undefined): string => JSON.stringify([c?.initValue, c?.options, c?.subtype]);

export function createPageFormStore(components: readonly Component[], globals: Readonly<Record<string, unknown>> = {}, pageId: number | null = null): PageFormStore {
  return createStore<PageFormState>()((set, get) => ({
    pageId,
    components: byId(components),
    values: {},
    shown: {},
    dirty: {},
    globals,
    setComponents: (list) => set((state) => {
      const next = byId(list);
      const values = Object.fromEntries(Object.entries(state.values).filter(([id]) => startsFrom(next[id]) === startsFrom(state.components[id])));
      return { components: next, values };
    }),
    setValue: (id, value) => set((state) => ({
      values: { ...state.values, [id]: value },
      dirty: state.dirty[id] === true ? state.dirty : { ...state.dirty, [id]: true },
      shown: CLEARS_ON_CHANGE.has(state.components[id]?.type ?? '') && state.shown[id] === true ? { ...state.shown, [id]: false } : state.shown,
    })),
    touch: (id) => set((state) => (state.shown[id] === true ? {} : { shown: { ...state.shown, [id]: true } })),
    validateAll: () => {
      const state = get();
      const fields = Object.values(state.components).filter((c) => widgetCan(c.type, 'holdsValue'));
      set({ shown: { ...state.shown, ...Object.fromEntries(fields.map((c) => [c.id, true])) } });
      return fields
        .filter((c) => isRequiredField(c) && isEmptyFieldValue(fieldValue(state, c)))
        .map((c) => componentIn(c, activeLanguage()))
        .map((c) => (c.title.trim() === '' ? c.id : c.title));
    },
    clearFormOf: (id) => set((state) => {
      const card = Object.values(state.components).find((c) => c.children?.some((child) => child.id === id) === true);
      const cleared = new Set([...walkComponents(card?.children ?? Object.values(state.components))]
        .filter((c) => widgetCan(c.type, 'holdsValue')).map((c) => c.id));
      const keep = <T,>(record: Readonly<Record<string, T>>) => Object.fromEntries(Object.entries(record).filter(([key]) => !cleared.has(key)));
      return { values: keep(state.values), dirty: keep(state.dirty), shown: keep(state.shown) };
    }),
    mergeGlobals: (more) => set((state) => ({ globals: { ...state.globals, ...more } })),
    enterAgain: (fields) => set((state) => {
      const ids = Object.keys(fields).filter((id) => widgetCan(state.components[id]?.type ?? '', 'holdsValue'));
      return {
        values: { ...state.values, ...Object.fromEntries(ids.map((id) => [id, fields[id]])) },
        dirty: { ...state.dirty, ...Object.fromEntries(ids.map((id) => [id, true])) },
      };
    }),
  }));
}

/** The current value of a field: set on this page, else its initial value. */
export function fieldValue(state: PageFormState, component: Component): unknown {
  return Object.hasOwn(state.values, component.id) ? state.values[component.id] : initialFieldValue(state.components[component.id] ?? component);
}

/** Every form widget's current value by component id: what a button's actions run with. */
export function allFieldValues(state: PageFormState): Record<string, unknown> {
  return Object.fromEntries(Object.values(state.components)
    .filter((c) => widgetCan(c.type, 'holdsValue'))
    .map((c) => [c.id, fieldValue(state, c)]));
}

/** The error a field shows now, or null. */
export function fieldErrorShown(state: PageFormState, component: Component): string | null {
  const current = state.components[component.id] ?? component;
  const value = fieldValue(state, current);
  const shown = state.shown[current.id] === true;
  if (current.type === 'input' && (shown || state.dirty[current.id] === true)) {
    const format = inputFormatError(current.subtype, value);
    if (format !== null) return t(format);
  }
  return shown && isRequiredField(current) && isEmptyFieldValue(value) ? t('fieldRequired') : null;
}

const PageFormContext = createContext<PageFormStore | null>(null);

interface PageFormProviderProps {
  /** The page's components (cards' children are found inside). */
  components: readonly Component[];
  /** Whose global variables the page reads; default: the current application. */
  appSlug?: string;
  /** 'design' (the editor) reads no global variables, so it never uses up a 'once' one. */
  mode?: WidgetMode;
  /** The saved page's id, for the actions of its buttons (runAction). */
  pageId?: number;
  children: ReactNode;
}

/**
 * Holds the values of one page's widgets. In preview it reads the application's global variables
 * when it mounts and then removes the 'once' ones it read.
 */
export function PageFormProvider({ components, appSlug, mode = 'preview', pageId, children }: PageFormProviderProps) {
  const app = useContext(CurrentAppContext);
  const slug = mode === 'design' ? undefined : appSlug ?? app?.app.appSlug;
  const [store] = useState(() => createPageFormStore(components, slug === undefined ? {} : readGlobalValues(slug), pageId ?? null));

  useEffect(() => {
    if (store.getState().pageId !== (pageId ?? null)) store.setState({ pageId: pageId ?? null });
  }, [store, pageId]);

  useEffect(() => {
    store.getState().setComponents(components);
  }, [store, components]);

  useEffect(() => {
    if (slug === undefined) return undefined;
    consumeOnceVariables(slug, Object.keys(store.getState().globals));
    return onGlobalVariablesChange(slug, () => store.getState().mergeGlobals(readGlobalValues(slug)));
  }, [store, slug]);

  // A refused offline write's entry, handed to this page by the list of waiting writes (issue 38).
  useEffect(() => {
    if (slug === undefined || pageId === undefined) return undefined;
    const take = () => {
      const fields = takeEntryFor(pageId);
      if (fields !== null) store.getState().enterAgain(fields);
    };
    take();
    return entryToEnterAgain.subscribe(take);
  }, [store, slug, pageId]);

  return <PageFormContext value={store}>{children}</PageFormContext>;
}

/** The page's form store, or null outside a PageFormProvider (the editor may not wrap widgets). */
export const usePageFormStore = (): PageFormStore | null => useContext(PageFormContext);

const emptyStore = createPageFormStore([]);

/** The value of the field `id` on this page (undefined outside a provider or for an unknown id). */
export function useFieldValue(id: string): unknown {
  const store = useContext(PageFormContext);
  return useStore(store ?? emptyStore, (state) => {
    const component = state.components[id];
    return component === undefined ? state.values[id] : fieldValue(state, component);
  });
}

/** The error the field `id` shows now, or null. */
export function useFieldError(id: string): string | null {
  const store = useContext(PageFormContext);
  return useStore(store ?? emptyStore, (state) => {
    const component = state.components[id];
    return component === undefined ? null : fieldErrorShown(state, component);
  });
}

/** Global variables as the page read them; outside a provider, read now from the current application. */
export function usePageGlobals(appSlug: string | undefined): Readonly<Record<string, unknown>> {
  const store = useContext(PageFormContext);
  const [own] = useState(() => (appSlug === undefined ? {} : readGlobalValues(appSlug)));
  const shared = useStore(store ?? emptyStore, (state) => state.globals);
  return store === null ? own : shared;
}

export interface FieldBinding {
  value: unknown;
  error: string | null;
  setValue: (value: unknown) => void;
  /** Call when the field is left (blur). */
  touch: () => void;
}

/**
 * A widget's own field: the page's store when there is one, else a store of its own, so a widget
 * works the same in the editor (which may not wrap it) and on a page.
 */
export function useFieldBinding(component: Component): FieldBinding {
  const shared = useContext(PageFormContext);
  const [own] = useState(() => createPageFormStore([component]));
  const store = shared ?? own;

  useEffect(() => {
    if (shared === null) own.getState().setComponents([component]);
  }, [shared, own, component]);

  const value = useStore(store, (state) => fieldValue(state, component));
  const error = useStore(store, (state) => fieldErrorShown(state, component));
  const { id } = component;
  return {
    value,
    error,
    setValue: (next) => store.getState().setValue(id, next),
    touch: () => store.getState().touch(id),
  };
}
