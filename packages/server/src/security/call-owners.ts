import { type AnyCall, type AppEntity, calls } from '@rakit/core';
import type { Services } from '../services';

/** How one entity leads to its application, and what a missing one is answered. */
export interface OwnerLookup {
  find: (services: Services, id: number | string) => Promise<number | undefined>;
  missing: string;
}

/** The lookups an area's domain module declares for the entities its contracts name; its route module exports them as `owners`. */
export type OwnerLookups = { readonly [E in AppEntity]?: OwnerLookup };

/** An id read from a path (a string) or a body (a number) as the number it names. */
export const numericId = (id: number | string): number => (typeof id === 'number' ? id : Number(id));

/**
 * The owners of every entity, as the route modules handed them over. Each entity is declared once,
 * by its area; `assertEveryCallHasOwner` refuses to start an application one of whose calls
 * names an entity no area declared (so a forgotten lookup fails every test, not one request).
 */
export class CallOwners {
  readonly #lookups = new Map<AppEntity, { lookup: OwnerLookup; declaredBy: string }>();

  declare(owners: OwnerLookups, declaredBy: string): void {
    for (const [entity, lookup] of Object.entries(owners) as [AppEntity, OwnerLookup | undefined][]) {
      if (lookup === undefined) continue;
      const earlier = this.#lookups.get(entity);
      if (earlier !== undefined) throw new Error(`${declaredBy} declares the owner of ${entity}, which ${earlier.declaredBy} declared already`);
      this.#lookups.set(entity, { lookup, declaredBy });
    }
  }

  of(entity: AppEntity): OwnerLookup {
    const declared = this.#lookups.get(entity);
    if (declared === undefined) throw new Error(`No route module declares the owner of ${entity}`);
    return declared.lookup;
  }

  assertEveryCallHasOwner(): void {
    const missing = (Object.entries(calls) as [string, AnyCall][])
      .flatMap(([name, { access }]) => ('app' in access && !this.#lookups.has(access.app.entity) ? [`${name} (${access.app.entity})`] : []));
    if (missing.length > 0) throw new Error(`No route module declares the owner these calls name: ${missing.join(', ')}`);
  }
}
