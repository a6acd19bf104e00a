import net from 'node:net';

/** A TCP relay to `target` whose link a test can cut (as a network would) and mend on the same port. */
export interface TcpProxy {
  port: number;
  /** Drops every relayed connection and refuses new ones. */
  cut(): Promise<void>;
  /** Stops relaying without closing anything, as a network that drops packets does. */
  freeze(): void;
  /** Accepts connections again on the same port. */
  mend(): Promise<void>;
  close(): Promise<void>;
}

export async function tcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let frozen = false;
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const [socket, other] of [[client, upstream], [upstream, client]] as const) {
      sockets.add(socket);
      socket.on('error', () => other.destroy());
      socket.on('close', () => { sockets.delete(socket); other.destroy(); });
    }
    for (const [from, to] of [[client, upstream], [upstream, client]] as const) {
      from.on('data', (chunk: Buffer) => { if (!frozen) to.write(chunk); });
    }
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const stop = () => new Promise<void>((resolve) => {
    frozen = false;
    server.close(() => resolve());
    for (const socket of sockets) socket.destroy();
  });
  await listen(0);
  const { port } = server.address() as net.AddressInfo;
  return { port, cut: stop, freeze: () => { frozen = true; }, mend: () => listen(port), close: async () => { if (server.listening) await stop(); } };
}
