import { assertOneStatement } from '../../queries/run-sql';
import { findDbConfig } from '../../store/repositories/db-configs';
import { findQuery } from '../../store/repositories/queries';
import { bindable, runStepSql, sqlStepFailure, writeOutput } from './app-sql';
import { type AddonExecutor, StepFailure } from './executor';
import { idParam, listOrObjectParam } from './params';

/**
 * Query: a stored query of one of the application's connections, its `?` bound by position from
 * the `params` list, by the driver, never spliced into the text. Stored queries know their
 * values only by position, so a JSON object of named values is refused rather than guessed at.
 * Its output is the rows (as many as runQuery answers) or, for a write, what it changed.
 */
export const queryExecutor: AddonExecutor = {
  defaults: { timeoutMs: 30_000, retries: 2 },
  async run(context, params) {
    const queryId = idParam(params, 'queryId');
    const values = listOrObjectParam(params, 'params');
    if (!Array.isArray(values)) {
      throw new StepFailure({ key: 'workflow.failure.queryParamsByPosition', values: { example: '["{{$1.id[0]}}"]' } }, false);
    }
    const bound = values.map((value, i) => bindable(value, `params[${i}]`));
    const query = await findQuery(context.services.store, queryId);
    // Another application's query reads as a missing one: the step learns nothing of it.
    const db = query === undefined ? undefined : await findDbConfig(context.services.store, query.actionDbId);
    if (query === undefined || db === undefined || db.dbAppId !== context.appId) throw new StepFailure({ key: 'actionNotFound' }, false);
    try {
      assertOneStatement(query.actionSqlQuery);
    } catch (error) {
      throw sqlStepFailure(error);
    }
    const result = await runStepSql(context, db, query.actionSqlQuery, bound);
    return { output: result.kind === 'read' ? result.rows : writeOutput(result) };
  },
};
