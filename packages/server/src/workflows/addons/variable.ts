import { type AddonExecutor, StepFailure } from './executor';

/**
 * The Set Variable add-on (issue 12): its `values` parameter is a JSON object whose string
 * values are templates; the engine resolves them one by one inside the parsed object
 * (core's resolveStepParameters), so the executor only checks the shape and answers it as the
 * step's output.
 */
export const variableExecutor: AddonExecutor = {
  defaults: { timeoutMs: 1000, retries: 0 },
  async run(_context, params) {
    const { values } = params;
    if (typeof values !== 'object' || values === null || Array.isArray(values)) throw new StepFailure({ key: 'workflow.failure.valuesNotObject' }, false);
    return { output: values };
  },
};
