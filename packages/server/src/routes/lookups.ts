import { lookupCalls, schoolCalls } from '@rakit/core';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../http/route';
import { perUserRateLimit } from '../http/rate-limit';
import { lookUpAddress } from '../lookups/address';
import { importSchools, listSchools, lookUpSchools, schoolAddress } from '../lookups/schools';

/** The address and school lookups of spec 3 §7, and the school directory of the root application. */
const lookupRoutes: FastifyPluginAsync = async (app) => {
  const limited = { config: { rateLimit: perUserRateLimit(app.services.config.lookupRateLimit) } };
  route(app, lookupCalls.getAddress, ({ input: { body }, caller }) => lookUpAddress(app.services.config.dataDir, caller, body), limited);
  route(app, schoolCalls.getSchool, ({ input: { body }, caller }) => lookUpSchools(app.services.store, caller, body, (err) => app.log.error({ err }, 'the school index could not be checked or built')), limited);
  route(app, schoolCalls.getSchoolAddress, ({ input: { body }, caller }) => schoolAddress(app.services.store, app.services.config.dataDir, caller, body.schooladdress), limited);
  route(app, schoolCalls.importSchools, ({ input: { body }, caller }) => importSchools(app.services.store, app.services.config.dataDir, caller, body.rows), { bodyLimit: 8 * 1024 * 1024 });
  route(app, schoolCalls.listSchools, ({ input: { query } }) => listSchools(app.services.store, query.search, query.page));
};

export default lookupRoutes;
