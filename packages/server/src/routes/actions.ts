import { actionCalls, type StatementResult } from '@rakit/core';
import type { FastifyPluginAsync } from 'fastify';
import type { QueryResult } from '../datasources/types';
import { route } from '../http/route';
import { runActionAs, runSqlAs } from '../queries/run-sql';
import { queriesOfConnection, saveQuery } from '../queries/stored-queries';

/** Rows of a read with whether they were cut; for a write one entry with what it changed (spec 2: "data[0]"). */
const statementAnswer = (result: QueryResult): { data: StatementResult; extra: { truncated?: boolean } } =>
  result.kind === 'read'
    ? { data: result.rows, extra: { truncated: result.truncated } }
    : { data: [{ affectedRows: result.affectedRows, insertId: result.insertId ?? null }], extra: {} };

/** Actions and queries (spec 1 §7, spec 2 §4): who may run which SQL is the queries' rule (queries/run-sql.ts). */
const actionRoutes: FastifyPluginAsync = async (app) => {
  route(app, actionCalls.runQuery, async ({ input: { body }, caller }) =>
    statementAnswer(await runSqlAs(app.services, caller, body.dbId, body.query, body.params)));

  route(app, actionCalls.runAction, async ({ input: { body }, caller }) => statementAnswer(await runActionAs(app.services, caller, body)));

  route(app, actionCalls.saveQuery, async ({ input: { body }, appId, reply, audit }) => {
    const { created, ...saved } = await saveQuery(app.services, audit, appId, body);
    if (created) reply.code(201);
    return saved;
  });

  route(app, actionCalls.listQueries, async ({ input: { params } }) => queriesOfConnection(app.services, params.id));
};

export default actionRoutes;
