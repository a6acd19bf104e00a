import type { TestProject } from 'vitest/node';
import { ADMIN_PASSWORD } from '../support/global-setup';
import {
  type Balancer, freePort, freshDeployment, pingRedis, type Replica, spawnReplica, spawnWorker, startNginx, stopProcess, waitReady,
} from './cluster';

/** How each replica's first start went: they were started at the same moment on the empty store. */
export interface FirstStart {
  index: number;
  /** Its exit code when it died during start-up (it was then started again, alone). */
  exit: number | string | null;
  output: string;
}

export interface DeploymentInfo {
  replicas: { index: number; port: number; pid: number; base: string }[];
  firstStarts: FirstStart[];
  accessLog: string;
  workerPid: number;
  /** The store's database name (the suite's application data goes in a database named after it). */
  database: string;
}

let deployment: Awaited<ReturnType<typeof freshDeployment>> | undefined;
let replicas: Replica[] = [];
let worker: ReturnType<typeof spawnWorker> | undefined;
let balancer: Balancer | undefined;

/**
 * Two replicas on one fresh PostgreSQL store and Redis, started at the same moment as a deployment
 * starts them, a workflow worker, and nginx with deploy/nginx.conf in front. The browser only
 * ever talks to nginx (baseUrl).
 */
export async function setup(project: TestProject): Promise<void> {
  await pingRedis();
  deployment = await freshDeployment(ADMIN_PASSWORD, {
    // The suite signs the same people in again and again from 127.0.0.1.
    RAKIT_AUTH_RATE_LIMIT: '1000', RAKIT_AUTH_ACCOUNT_RATE_LIMIT: '1000',
    // The suite's application data lives in PostgreSQL on loopback: the operator names it.
    RAKIT_ALLOWED_DATABASE_HOSTS: '127.0.0.1',
    // Its own queue: other runs may share this Redis.
    RAKIT_WORKFLOW_QUEUE: `rakit-deploy-${Date.now().toString(36)}`,
  });
  const ports = [await freePort(), await freePort()];
  const options = deployment;
  replicas = ports.map((port, index) => spawnReplica(options, index, port));
  const firstStarts = await Promise.all(replicas.map(async (replica): Promise<FirstStart> => {
    try {
      await waitReady(replica);
      return { index: replica.index, exit: null, output: replica.output() };
    } catch (error) {
      const exit = replica.child.exitCode ?? replica.child.signalCode;
      if (exit === null) throw error;
      return { index: replica.index, exit, output: replica.output() };
    }
  }));
  // A replica that died in the start-up race is started again alone, so the rest of the suite
  // still shows what it tests; the first test fails on the race itself.
  for (const start of firstStarts.filter((s) => s.exit !== null)) {
    const again = spawnReplica(options, start.index, ports[start.index] as number);
    replicas[start.index] = again;
    await waitReady(again);
  }
  worker = spawnWorker(options);
  balancer = await startNginx(options.dir, ports);
  const info: DeploymentInfo = {
    replicas: replicas.map((r) => ({ index: r.index, port: r.port, pid: r.child.pid as number, base: r.base })),
    firstStarts, accessLog: balancer.accessLog, workerPid: worker.child.pid as number, database: deployment.database,
  };
  project.provide('baseUrl', balancer.base);
  project.provide('startOutput', firstStarts.map((s) => s.output).join('\n'));
  project.provide('deployment', info);
}

export async function teardown(): Promise<void> {
  await balancer?.stop();
  await Promise.all(replicas.map((r) => stopProcess(r.child, r.exited)));
  if (worker !== undefined) await stopProcess(worker.child, worker.exited);
  await deployment?.cleanUp();
}

declare module 'vitest' {
  export interface ProvidedContext {
    deployment: DeploymentInfo;
  }
}
