import { createServer } from 'node:net';

/**
 * A free TCP port on 127.0.0.1 (the probe is closed again before the port is handed out), for
 * what must know its port before it starts (nginx's upstreams). Another process may take it in
 * between, an outgoing connection's source port for one: a Rakit server is started on PORT=0
 * and its port read from its start line instead (`portOfStartLine`).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The port Rakit printed in "Rakit is running on http://host:port". */
export function portOfStartLine(output: string): number {
  const match = /Rakit is running on https?:\/\/[^:\s]+:(\d+)/.exec(output);
  if (match === null) throw new Error(`Rakit's start line names no port:\n${output}`);
  return Number(match[1]);
}
