import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A real git server for tests (issue 39): git's own `git http-backend` (the smart HTTP protocol
 * GitHub, GitLab and Gitea speak) behind a small CGI bridge, serving bare repositories made with
 * `git init --bare`. With a token set, every request must carry it (HTTP basic, any user name),
 * as a hosted repository's would. Reviewers' edits are made with the `git` command in a clone.
 */
export interface TestGitServer {
  /** The base address: a repository named `name` is at `${url}/${name}.git`. */
  url: string;
  root: string;
  /** Requests answered since the start (refused ones too). */
  hits: () => number;
  /** A new empty bare repository; answers its address. */
  createRepository: (name: string) => Promise<string>;
  /** Runs git in a folder (a reviewer's clone), with the server's token when one is set. */
  git: (cwd: string, ...args: string[]) => Promise<string>;
  /** A reviewer's clone of a repository in a fresh folder. */
  clone: (name: string) => Promise<string>;
  close: () => Promise<void>;
}

export async function startGitServer(options: { token?: string } = {}): Promise<TestGitServer> {
  const root = await mkdtemp(path.join(tmpdir(), 'rakit-git-server-'));
  const work = await mkdtemp(path.join(tmpdir(), 'rakit-git-reviewer-'));
  let hits = 0;
  const server = http.createServer((request, response) => {
    hits++;
    if (options.token !== undefined) {
      const given = /^Basic (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
      const password = given === undefined ? '' : Buffer.from(given, 'base64').toString('utf8').split(':').slice(1).join(':');
      if (password !== options.token) {
        response.writeHead(401, { 'www-authenticate': 'Basic realm="git"' }).end('token required');
        return;
      }
    }
    const url = new URL(request.url ?? '/', 'http://git.test');
    const backend = spawn('git', ['http-backend'], {
      env: {
        ...process.env,
        GIT_PROJECT_ROOT: root,
        GIT_HTTP_EXPORT_ALL: '1',
        PATH_INFO: decodeURIComponent(url.pathname),
        QUERY_STRING: url.search.slice(1),
        REQUEST_METHOD: request.method ?? 'GET',
        CONTENT_TYPE: request.headers['content-type'] ?? '',
        CONTENT_LENGTH: request.headers['content-length'] ?? '',
        HTTP_CONTENT_ENCODING: request.headers['content-encoding'] ?? '',
        GIT_PROTOCOL: String(request.headers['git-protocol'] ?? ''),
        // A user is named, so receive-pack (push) is served.
        REMOTE_USER: 'reviewer',
        REMOTE_ADDR: request.socket.remoteAddress ?? '',
      },
    });
    request.pipe(backend.stdin);
    const chunks: Buffer[] = [];
    backend.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    backend.on('close', () => {
      const output = Buffer.concat(chunks);
      const end = output.indexOf('\r\n\r\n');
      const headerEnd = end === -1 ? output.indexOf('\n\n') : end;
      const gap = end === -1 ? 2 : 4;
      const headers: Record<string, string> = {};
      let status = 200;
      for (const line of output.subarray(0, Math.max(headerEnd, 0)).toString('latin1').split(/\r?\n/)) {
        const colon = line.indexOf(':');
        if (colon === -1) continue;
        const name = line.slice(0, colon).trim().toLowerCase();
        const value = line.slice(colon + 1).trim();
        if (name === 'status') status = Number.parseInt(value, 10);
        else headers[name] = value;
      }
      response.writeHead(status, headers).end(headerEnd === -1 ? output : output.subarray(headerEnd + gap));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const withToken = (address: string) => (options.token === undefined ? address : address.replace('http://', `http://reviewer:${options.token}@`));

  const git = async (cwd: string, ...args: string[]): Promise<string> => {
    const env = { ...process.env, GIT_AUTHOR_NAME: 'Reviewer', GIT_AUTHOR_EMAIL: 'reviewer@example.test', GIT_COMMITTER_NAME: 'Reviewer', GIT_COMMITTER_EMAIL: 'reviewer@example.test' };
    return (await run('git', args, { cwd, env, maxBuffer: 64 * 1024 * 1024 })).stdout;
  };

  return {
    url,
    root,
    hits: () => hits,
    createRepository: async (name) => {
      await run('git', ['init', '--bare', '--initial-branch=main', path.join(root, `${name}.git`)]);
      return `${url}/${name}.git`;
    },
    git,
    clone: async (name) => {
      const folder = await mkdtemp(path.join(work, `${name}-`));
      await git(work, 'clone', '-q', withToken(`${url}/${name}.git`), folder);
      return folder;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(root, { recursive: true, force: true });
      await rm(work, { recursive: true, force: true });
    },
  };
}
