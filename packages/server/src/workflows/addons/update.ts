import { runStepSql, writeOutput } from './app-sql';
import { type AddonExecutor, StepFailure } from './executor';
import { objectParam } from './params';
import { columnValues, writeTarget } from './table-write';

/**
 * Update: sets columns of the rows of a table that equal every value of `where` (the query
 * builder's UPDATE; a null in `where` matches with IS NULL). An empty `where` is refused: a step
 * never updates a whole table by accident. Its output is {affectedRows, insertId: null}.
 */
export const updateExecutor: AddonExecutor = {
  // Setting the same values again changes nothing more: a retried update is safe.
  defaults: { timeoutMs: 30_000, retries: 2 },
  async run(context, params) {
    if (Object.keys(objectParam(params, 'where')).length === 0) {
      throw new StepFailure({ key: 'workflow.failure.updateNeedsWhere' }, false);
    }
    const { db, source, table } = await writeTarget(context, params);
    const values = columnValues(table, params, 'values');
    const where = columnValues(table, params, 'where');
    const assignments = values.map((v) => `${source.quote(v.column.COLUMN_NAME)} = ?`).join(', ');
    const conditions = where.map((c) => `${source.quote(c.column.COLUMN_NAME)} ${c.value === null ? 'IS NULL' : '= ?'}`).join(' AND ');
    const bound = [...values.map((v) => v.value), ...where.flatMap((c) => (c.value === null ? [] : [c.value]))];
    const result = await runStepSql(context, db, `UPDATE ${source.quote(table.table_name)} SET ${assignments} WHERE ${conditions}`, bound);
    return { output: { ...writeOutput(result), insertId: null } };
  },
};
