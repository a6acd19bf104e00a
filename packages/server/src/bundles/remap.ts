import { type ActionReferenceKind, actionReferences, type Component, NO_FUNCTION, walkComponents } from '@rakit/core';
import { badRequest, local } from '../errors/http-errors';

/**
 * The references a bundle holds, and how an import rewrites them. Every id an entity of the
 * bundle names must be one of the bundle's own: an import refuses any other (it would point
 * into another application of this instance), an export clears one that points at nothing.
 */

export type RefKind = ActionReferenceKind | 'function' | 'pdfTemplate' | 'apiEndpoint';

/** What an action's reference reads as once cleared (an export's reference to nothing it carries). */
const NONE_OF: Record<ActionReferenceKind, string | null> = { connection: '', page: null, query: null, trigger: null };

/** The bundle's id of each entity → the id it has here. */
export type IdMaps = Record<RefKind, Map<number, number>> & { functionSlug: Map<string, string> };

export const emptyMaps = (): IdMaps => ({
  connection: new Map(), page: new Map(), query: new Map(), function: new Map(), trigger: new Map(), pdfTemplate: new Map(), apiEndpoint: new Map(), functionSlug: new Map(),
});

/** Maps of each kind where every id maps to itself: for checking references against a set of ids, not rewriting them. */
export function identityMaps(ids: Record<RefKind, readonly number[]>, functionSlugs: readonly string[]): IdMaps {
  const same = (list: readonly number[]) => new Map(list.map((id) => [id, id]));
  return {
    connection: same(ids.connection), page: same(ids.page), query: same(ids.query), function: same(ids.function), trigger: same(ids.trigger),
    pdfTemplate: same(ids.pdfTemplate), apiEndpoint: same(ids.apiEndpoint), functionSlug: new Map(functionSlugs.map((slug) => [slug, slug])),
  };
}

/** What to do with a reference the maps do not hold: refuse the bundle (import) or clear it (export). */
export type OnMissing = 'refuse' | 'clear';


/** A reference that is numeric (a number, or digits as text) and not one of the "none" values. */
function numericRef(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value) && Number(value) > 0) return Number(value);
  return undefined;
}

export class Remapper {
  constructor(private readonly maps: IdMaps, private readonly onMissing: OnMissing) {}

  /** The new id of a reference; undefined when it is cleared. Keeps the value's type (number or text). */
  ref<T>(kind: RefKind, value: T, where: string, none: unknown): T | unknown {
    const id = numericRef(value);
    if (id === undefined) return value;
    const mapped = this.maps[kind].get(id);
    if (mapped === undefined) {
      if (this.onMissing === 'clear') return none;
      throw badRequest(local('bundleRefMissing', { where, kind, id: String(id) }));
    }
    return typeof value === 'string' ? String(mapped) : mapped;
  }

  /** A list of ids; unknown ones refused or dropped. */
  refs(kind: RefKind, ids: readonly number[], where: string): number[] {
    const out: number[] = [];
    for (const id of ids) {
      const mapped = this.ref(kind, id, where, undefined);
      if (typeof mapped === 'number') out.push(mapped);
    }
    return out;
  }

  /**
   * A page's components with their references rewritten: connections (database_used), API
   * endpoints (apiEndpointId), functions (functionId), extraction templates (templateId), and
   * those each action's kind declares (a CUSTOM's connection, a stored query's connection, id
   * and page, a redirect's page, a trigger). The components are the parsed ones: changed in place.
   */
  components(components: Component[], pageName: string): Component[] {
    for (const component of walkComponents(components)) {
      const where = `Page ${pageName}, component ${component.id}`;
      const c = component as Record<string, unknown>;
      if ('database_used' in c) c.database_used = this.ref('connection', c.database_used, where, '');
      if ('apiEndpointId' in c) c.apiEndpointId = this.ref('apiEndpoint', c.apiEndpointId, where, 0);
      if ('functionId' in c) c.functionId = this.ref('function', c.functionId, where, NO_FUNCTION);
      if (c.type === 'pdfextractor' && 'templateId' in c) c.templateId = this.ref('pdfTemplate', c.templateId, where, '');
      const actions = Array.isArray(c.custom_action) ? (c.custom_action as Record<string, unknown>[]) : [];
      for (const action of actions) this.action(action, `${where}, action ${String(action.name)}`);
    }
    return components;
  }

  /** An action's references, as its kind's model declares them (core's ACTION_MODELS). */
  private action(action: Record<string, unknown>, where: string): void {
    for (const reference of actionReferences(action)) {
      const part = action[reference.part];
      if (typeof part !== 'object' || part === null || !(reference.key in part)) continue;
      const config = part as Record<string, unknown>;
      config[reference.key] = this.ref(reference.names, config[reference.key], where, NONE_OF[reference.names]);
    }
  }

  /**
   * A workflow step's parameters with its references rewritten: a query step's queryId, an
   * insert or update step's dbId, a function step's functionId (an id or a slug). A value with
   * a template (`{{$1.id[0]}}`) is read when the step runs, inside its application.
   */
  workflowParams(addonName: string, params: Record<string, string>, where: string): Record<string, string> {
    const out = { ...params };
    const rewrite = (name: string, kind: RefKind) => {
      const value = out[name];
      if (value === undefined || value.includes('{{')) return;
      const mapped = this.ref(kind, value.trim(), where, '');
      out[name] = String(mapped);
    };
    if (addonName === 'query') rewrite('queryId', 'query');
    if (addonName === 'insert' || addonName === 'update') rewrite('dbId', 'connection');
    if (addonName === 'function') {
      const value = out.functionId?.trim();
      if (value !== undefined && value !== '' && !value.includes('{{') && numericRef(value) === undefined) {
        const slug = this.maps.functionSlug.get(value);
        if (slug === undefined && this.onMissing === 'refuse') throw badRequest(local('bundleFunctionMissing', { where, slug: String(value) }));
        out.functionId = slug ?? '';
      } else {
        rewrite('functionId', 'function');
      }
    }
    return out;
  }
}
