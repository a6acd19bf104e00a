import { randomBytes } from 'node:crypto';
import { BullQueue } from '../src/workflows/engine/bullmq-queue';
import { queueContract } from './workflow-queue.contract';

/** BullMQ on the Redis of CI (REDIS_URL, or 127.0.0.1:6379) against the queue contract, one queue name per run of the file. */
const redisUrl = process.env.RAKIT_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const name = `rakit-test-${randomBytes(4).toString('hex')}`;

queueContract('BullMQ', 'sqlite', (store, work, { leaseMs }) => new BullQueue({ store, redisUrl, name, work, leaseMs, sweepMs: 300 }));
