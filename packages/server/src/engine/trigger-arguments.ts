import { type ParamValue, stripParamName, VARIABLE_VALUE } from '@rakit/core';
import { type FixedValues, fixedValue } from './bind';
import type { PageTriggerAction } from './page-actions';

/** The body's value of a parameter; null when it sends none. */
export const sentArgument = (body: Readonly<Record<string, ParamValue>>, name: string): ParamValue => (Object.hasOwn(body, name) ? body[name] ?? null : null);

/** A fixed mapping's value (bind.ts fixedValue: the caller, a custom text, a variable); null for a page input. */
const fixedArgument = (mapping: { source: string; custom: string }, fixed: FixedValues): ParamValue => fixedValue(mapping, fixed) ?? null;

/**
 * An author's run: what his page sent, and for a parameter it did not send that his pages feed
 * from a variable, the environment's value (his browser never holds a secret one).
 */
export function authorTriggerArguments(
  names: readonly string[],
  actions: readonly PageTriggerAction[],
  body: Readonly<Record<string, ParamValue>>,
  fixed: FixedValues,
): Record<string, ParamValue> {
  const fromVariables = actions.flatMap((action) => action.params).filter((p) => p.source === VARIABLE_VALUE);
  return Object.fromEntries(names.map((name): [string, ParamValue] => {
    const variable = fromVariables.find((p) => stripParamName(p.name) === name);
    return [name, Object.hasOwn(body, name) || variable === undefined ? sentArgument(body, name) : fixedArgument(variable, fixed)];
  }));
}

/**
 * The parameters a member's run of a trigger records (spec 2 §5 TRIGGER), decided from the
 * TRIGGER actions of the pages he reaches, never from what his browser claims:
 *
 * - a parameter some reaching action feeds from a page input (a component id) takes the body's value;
 * - one fed only by fixed values (--userId-- is the caller, a custom value is its constant, a
 *   variable the environment's value) takes that value: the body's one only when it equals one of
 *   them (actions that disagree), else the first;
 * - one no reaching action maps is null, whatever the body says.
 *
 * Names the trigger does not declare are left out: a page saved before the author renamed a
 * parameter still runs.
 */
export function memberTriggerArguments(
  names: readonly string[],
  actions: readonly PageTriggerAction[],
  body: Readonly<Record<string, ParamValue>>,
  fixed: FixedValues,
): Record<string, ParamValue> {
  const mappings = actions.flatMap((action) => action.params).filter((p) => p.source !== '');
  return Object.fromEntries(names.map((name): [string, ParamValue] => {
    const feeding = mappings.filter((p) => stripParamName(p.name) === name);
    const sent = sentArgument(body, name);
    if (feeding.some((p) => fixedValue(p, fixed) === undefined)) return [name, sent];
    const values = feeding.map((p) => fixedArgument(p, fixed));
    const first = values[0];
    if (first === undefined) return [name, null];
    return [name, typeof sent === 'string' && values.includes(sent) ? sent : first];
  }));
}
