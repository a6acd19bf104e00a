import { lookupCalls } from '@rakit/core';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../http/route';
import { LOOKUP_RATE_LIMIT, perUserRateLimit } from '../http/rate-limit';
import { lookUpAddress } from '../lookups/address';

/** The address lookups of the address search widget (spec 3 §7). */
const lookupRoutes: FastifyPluginAsync = async (app) => {
  route(app, lookupCalls.getAddress, ({ input: { body }, caller }) => lookUpAddress(caller, body),
    { config: { rateLimit: perUserRateLimit(LOOKUP_RATE_LIMIT) } });
};

export default lookupRoutes;
