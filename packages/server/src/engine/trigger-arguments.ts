import { CUSTOM_VALUE, type ParamValue, stripParamName, USER_ID_MARKER } from '@rakit/core';
import type { PageTriggerAction } from './page-actions';

/** The body's value of a parameter; null when it sends none. */
export const sentArgument = (body: Readonly<Record<string, ParamValue>>, name: string): ParamValue => (Object.hasOwn(body, name) ? body[name] ?? null : null);

/**
 * The parameters a member's run of a trigger records (spec 2 §5 TRIGGER), decided from the
 * TRIGGER actions of the pages he reaches, never from what his browser claims:
 *
 * - a parameter some reaching action feeds from a page input (a component id) takes the body's value;
 * - one fed only by fixed values (--userId-- is the caller, a custom value is its constant) takes
 *   that value: the body's one only when it equals one of them (actions that disagree), else the first;
 * - one no reaching action maps is null, whatever the body says.
 *
 * Names the trigger does not declare are left out: a page saved before the author renamed a
 * parameter still runs.
 */
export function memberTriggerArguments(
  names: readonly string[],
  actions: readonly PageTriggerAction[],
  body: Readonly<Record<string, ParamValue>>,
  callerId: string,
): Record<string, ParamValue> {
  const mappings = actions.flatMap((action) => action.params).filter((p) => p.source !== '');
  return Object.fromEntries(names.map((name): [string, ParamValue] => {
    const feeding = mappings.filter((p) => stripParamName(p.name) === name);
    const sent = sentArgument(body, name);
    if (feeding.some((p) => p.source !== USER_ID_MARKER && p.source !== CUSTOM_VALUE)) return [name, sent];
    const fixed = feeding.map((p) => (p.source === USER_ID_MARKER ? callerId : p.custom));
    const first = fixed[0];
    if (first === undefined) return [name, null];
    return [name, typeof sent === 'string' && fixed.includes(sent) ? sent : first];
  }));
}
