import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message the test SMTP server accepted: its envelope and its raw text. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface TestSmtpServer {
  port: number;
  received: ReceivedMail[];
  /** How many sign-ins were tried, accepted or not. */
  signIns: number;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 for the tests (the smtp-server package), plain text with
 * STARTTLS off: it signs in `user` with `password` when they are given (anyone otherwise),
 * refuses recipients at `reject.example.com` for good (550) and at `later.example.com` for now
 * (451), and keeps what it accepts. With `holdData` it never answers a message's data (a stalled server).
 */
export async function startSmtpServer(credentials?: { user: string; password: string }, options: { holdData?: boolean } = {}): Promise<TestSmtpServer> {
  const state: TestSmtpServer = { port: 0, received: [], signIns: 0, close: () => Promise.resolve() };
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: credentials === undefined,
    logger: false,
    size: 1024 * 1024,
    onAuth(auth, _session, callback) {
      state.signIns += 1;
      if (credentials !== undefined && auth.username === credentials.user && auth.password === credentials.password) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith('@reject.example.com')) callback(Object.assign(new Error('No such user'), { responseCode: 550 }));
      else if (address.address.endsWith('@later.example.com')) callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (options.holdData === true) return;
        const envelope = session.envelope;
        state.received.push({
          from: envelope.mailFrom === false ? '' : envelope.mailFrom.address,
          to: envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.port = (server.server.address() as AddressInfo).port;
  state.close = () => new Promise((resolve) => {
    // A held session would keep close() waiting for it.
    for (const connection of (server as unknown as { connections: Set<{ close(): void }> }).connections) connection.close();
    server.close(() => resolve());
  });
  return state;
}
