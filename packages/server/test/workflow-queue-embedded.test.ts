import { EmbeddedQueue } from '../src/workflows/engine/embedded-queue';
import { availableEngines } from './support/engines';
import { queueContract } from './workflow-queue.contract';

/** The embedded queue (the metadata store's rows, SKIP LOCKED on PostgreSQL and MariaDB) against the queue contract. */
for (const engine of await availableEngines()) {
  queueContract('embedded', engine, (store, work, { leaseMs }) => new EmbeddedQueue({ store, work, leaseMs, pollMs: 100 }));
}
