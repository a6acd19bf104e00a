import { z } from 'zod';
import { baseRevisionField, revisionField } from '../schemas/revision';
import { CREATED_OR_SAVED, defineCall, lazyCalls } from './contract';

/*
 * An environment's named variables (issue 39): values its authors use in queries and workflow
 * triggers by name (an API's address, a branch code, a key), so the same page runs against each
 * environment's own. A variable belongs to its application (each environment is one): a promotion
 * keeps the target's values and never carries the source's, an export or a git push never holds
 * them. A secret one is sealed at rest and never answered; its value is read by the server only,
 * when it binds a query's or a trigger's value, never sent to a browser.
 */

/** A name as a query's value source and the screen write it: letters, digits and _, not starting with a digit. */
export const VARIABLE_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
export const MAX_VARIABLES_PER_APP = 200;
export const MAX_VARIABLE_VALUE_LENGTH = 4000;

export const VariableNameSchema = z.string().trim()
  .regex(VARIABLE_NAME_PATTERN, 'A variable\'s name is letters, digits and _, not starting with a digit, at most 64 characters');

const id = z.number().int().positive();

/** A variable as its administrators see it: a secret one's value is never answered. */
export const AppVariableSchema = z.object({
  variableId: id,
  name: z.string(),
  secret: z.boolean(),
  /** The value; '' for a secret one (see hasValue). */
  value: z.string(),
  hasValue: z.boolean(),
  ...revisionField,
});
export type AppVariable = z.infer<typeof AppVariableSchema>;

export const SaveVariableBodySchema = z.object({
  appId: id,
  /** null creates one. */
  variableId: id.nullable().default(null),
  name: VariableNameSchema,
  secret: z.boolean().default(false),
  /** Editing a secret one, '' keeps the stored value. */
  value: z.string().max(MAX_VARIABLE_VALUE_LENGTH, `A variable's value has at most ${MAX_VARIABLE_VALUE_LENGTH} characters`).default(''),
  ...baseRevisionField,
});
export type SaveVariableBody = z.infer<typeof SaveVariableBodySchema>;

const VariableIdSchema = z.object({ variableId: id });

/** The plain values a page's browser-run actions (a REQUEST) take from variables, by name. */
export const PageVariablesSchema = z.record(z.string(), z.string());
export type PageVariables = z.infer<typeof PageVariablesSchema>;

export const variableCalls = lazyCalls(() => ({
  listVariables: defineCall({
    method: 'GET', path: '/get/listVariables/:appId', tag: 'variables',
    summary: 'An application\'s named variables (its environment\'s values); never a secret one\'s value',
    params: z.object({ appId: z.coerce.number().int().positive() }),
    data: z.array(AppVariableSchema),
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.params.appId } },
  }),
  saveVariable: defineCall({
    method: 'POST', path: '/save/saveVariable', tag: 'variables',
    summary: 'Create (variableId null) or edit a named variable; editing a secret one, an empty value keeps the stored one',
    description: `At most ${MAX_VARIABLES_PER_APP} variables per application, each name once. `
      + 'An edit naming the revision it was based on is refused (409, with the variable as stored now, never a secret value) once another has saved it since.',
    body: SaveVariableBodySchema,
    data: VariableIdSchema.extend(revisionField),
    conflict: AppVariableSchema,
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.body.appId } },
    successCode: CREATED_OR_SAVED,
  }),
  pageVariables: defineCall({
    method: 'GET', path: '/get/pageVariables/:id', tag: 'variables',
    summary: 'The values of the plain variables a page\'s REQUEST actions use (the member\'s browser sends them)',
    description: 'Only those the page\'s REQUEST actions name, only plain ones: a secret variable never reaches a browser.',
    params: z.object({ id: z.coerce.number().int().positive() }),
    data: PageVariablesSchema,
    access: { level: 'member', app: { entity: 'page', id: (input) => input.params.id } },
  }),
  deleteVariable: defineCall({
    method: 'DELETE', path: '/delete/deleteVariable', tag: 'variables',
    summary: 'Remove a named variable (a query that uses it then binds null)',
    body: VariableIdSchema,
    data: VariableIdSchema,
    access: { level: 'appAdmin', app: { entity: 'variable', id: (input) => input.body.variableId } },
  }),
}));

// The stored things of this area a call's application is found from (contract.ts).
declare module './contract' {
  interface AppEntities {
    /** A named variable, by its id. */
    variable: true;
  }
}
