import { z } from 'zod';
import { baseRevisionField } from '../schemas/revision';
import {
  CustomFunctionSchema, FunctionCodeSchema, FunctionNameSchema, FunctionParameterListSchema, FunctionRunSchema,
  FunctionValuesSchema, MAX_TEST_ROWS, TEST_SAMPLE_ROWS,
} from '../schemas/functions';
import { defineCall, lazyCalls } from './contract';

const FunctionFieldsSchema = z.object({
  name: FunctionNameSchema,
  parameter: FunctionParameterListSchema,
  content: FunctionCodeSchema,
});

const SlugParamsSchema = z.object({ slug: z.string().min(1).max(200) });

/**
 * Custom functions (spec 1 screen 9, §7 /function/*): the code of an application's authors,
 * run on the server in a QuickJS sandbox (no process, files, network or host functions).
 * Administrators write, test and run them; members run only functions what their reachable
 * pages use, never code from the browser.
 */
export const functionCalls = lazyCalls(() => ({
  listFunction: defineCall({
    method: 'GET', path: '/function/listFunction/:appId', tag: 'functions',
    summary: 'The custom functions of an application (administrators)',
    params: z.object({ appId: z.coerce.number().int().positive() }),
    data: z.array(CustomFunctionSchema),
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.params.appId } },
  }),
  getFunction: defineCall({
    method: 'GET', path: '/function/getFunction/:slug', tag: 'functions',
    summary: 'A custom function by slug (administrators of its application)',
    description: 'usedBy lists the data widgets whose rows pass through it (their functionId).',
    params: SlugParamsSchema,
    data: CustomFunctionSchema,
    access: { level: 'appAdmin', app: { entity: 'function', id: (input) => input.params.slug } },
  }),
  saveFunction: defineCall({
    method: 'POST', path: '/function/saveFunction', tag: 'functions',
    summary: 'Create a custom function (administrators of the application)',
    description: 'The answer carries appId (spec 1 §4: the list reloads). The slug is made from the name, unique per application.',
    body: FunctionFieldsSchema.extend({ appId: z.number().int().positive() }),
    data: CustomFunctionSchema,
    successCode: 201,
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.body.appId } },
  }),
  updateFunction: defineCall({
    method: 'PUT', path: '/function/updateFunction', tag: 'functions',
    summary: 'Change a custom function\'s name, parameters and code (administrators of its application)',
    body: FunctionFieldsSchema.extend({ id: z.number().int().positive(), ...baseRevisionField }),
    data: CustomFunctionSchema,
    conflict: CustomFunctionSchema,
    access: { level: 'appAdmin', app: { entity: 'function', id: (input) => input.body.id } },
  }),
  deleteFunction: defineCall({
    method: 'DELETE', path: '/function/deleteFunction/:slug', tag: 'functions',
    summary: 'Delete a custom function (administrators of its application)',
    description: 'Refused (409) while a widget of a page or a workflow step uses it; the error lists where.',
    params: SlugParamsSchema,
    data: z.object({ id: z.number().int(), slug: z.string() }),
    access: { level: 'appAdmin', app: { entity: 'function', id: (input) => input.params.slug } },
  }),
  runFunction: defineCall({
    method: 'POST', path: '/function/runFunction/:slug', tag: 'functions',
    summary: 'Run a stored custom function with named parameters (members: only functions their pages use)',
    description: 'params are checked against the function\'s typed parameters. A failing function answers 422: '
      + 'administrators read the author\'s error and its line, members a plain failure.',
    params: SlugParamsSchema,
    body: z.object({ params: FunctionValuesSchema.default({}) }),
    data: FunctionRunSchema,
    access: { level: 'member', app: { entity: 'function', id: (input) => input.params.slug } },
  }),
  testFunction: defineCall({
    method: 'POST', path: '/function/testFunction', tag: 'functions',
    summary: 'Run unsaved code in the sandbox: the Functions screen\'s Test panel (administrators)',
    description: `rows (at most ${MAX_TEST_ROWS}) make it a transform's test; sample names a data widget of the application `
      + `whose first ${TEST_SAMPLE_ROWS} rows are read (as loaded, before any function) instead. The answer is 200 whether the code worked or not: `
      + 'ok, then result, or error with its line; ms and memoryBytes either way.',
    body: FunctionFieldsSchema.omit({ name: true }).extend({
      appId: z.number().int().positive(),
      params: FunctionValuesSchema.default({}),
      rows: z.array(z.record(z.string(), z.unknown())).max(MAX_TEST_ROWS).optional(),
      sample: z.object({ pageId: z.number().int().positive(), componentId: z.string().min(1).max(200) }).optional(),
    }),
    data: FunctionRunSchema,
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.body.appId } },
  }),
}));

// The stored things of this area a call's application is found from (contract.ts).
declare module './contract' {
  interface AppEntities {
    /** A function, by its id or its slug. */
    function: true;
  }
}
