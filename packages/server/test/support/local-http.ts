import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** An HTTP server of a test on 127.0.0.1 (an intranet service, a remote API). */
export interface LocalHttpServer {
  port: number;
  /** 'http://127.0.0.1:<port>' */
  base: string;
  /** Drops its open connections and closes it. */
  close(): Promise<void>;
}

/** Starts an HTTP server on a free port of 127.0.0.1, answering with `handler`. */
export async function listenLocal(handler: http.RequestListener): Promise<LocalHttpServer> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    base: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
