import { HttpError } from '../../errors/http-errors';
import { runFunctionForApp } from '../../functions/functions';
import { type AddonExecutor, failureParts, StepFailure } from './executor';
import { objectParam, requiredText } from './params';

/**
 * The Function add-on (issues 12, 13): runs a custom function of the workflow's own application
 * in the QuickJS sandbox (server/src/functions), with the step's named parameters typed and
 * checked by the function's parameter list; its return value is the step's output. The
 * sandbox's limits (time, memory, output) hold as for any call, and a function of another
 * application is not found. A failure is the author's code's or configuration's, so it is
 * final: running the same code on the same input again would fail the same way.
 */
export const functionExecutor: AddonExecutor = {
  // The sandbox ends a call at its own limit (RAKIT_FUNCTION_TIMEOUT_MS); this only bounds the wait for a worker.
  defaults: { timeoutMs: 10_000, retries: 0 },
  async run(context, params) {
    const ref = requiredText(params, 'functionId');
    const values = objectParam(params, 'params');
    let result;
    try {
      result = await runFunctionForApp(context.services, context.appId, ref, values);
    } catch (error) {
      if (error instanceof HttpError) throw new StepFailure(failureParts(error), false);
      throw error;
    }
    // The function's own error is the author's code speaking: kept as it is, its line in the reader's words.
    if (!result.ok) throw new StepFailure(result.line === null ? [result.error] : [{ key: 'workflow.failure.functionLine', values: { line: String(result.line) } }, `: ${result.error}`], false);
    return { output: result.value };
  },
};
