import fs from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import git from 'isomorphic-git';
import { isBundlePath } from '../bundles/files';
import type { OutboundRules } from '../outbound/guarded-send';
import { guardedGitHttp } from './transport';

/*
 * One push or pull's copy of a repository's branch (issue 39): cloned into a folder of its own
 * through the guarded transport, worked on, and removed, so that no replica keeps a copy that
 * another replica's push would make stale. The application's files are the tree's paths that a
 * bundle holds (files.ts's isBundlePath): a README or a CI workflow beside them is left alone.
 */

export interface Remote {
  url: string;
  branch: string;
  username: string;
  /** The access token, unsealed ('' for none). */
  token: string;
  rules: OutboundRules;
}

export interface Checkout {
  dir: string;
  /** The branch's commit when cloned; undefined for a branch (or a repository) with none yet. */
  tip: string | undefined;
}

export interface Author {
  name: string;
  email: string;
}

export type Files = Map<string, Buffer>;

const headersOf = (remote: Remote): Record<string, string> =>
  remote.token === '' ? {} : { authorization: `Basic ${Buffer.from(`${remote.username === '' ? 'rakit' : remote.username}:${remote.token}`).toString('base64')}` };

/** The branch cloned into a fresh folder (or a new repository when the branch has no commit), `work` run on it, the folder removed. */
export async function withCheckout<T>(remote: Remote, work: (checkout: Checkout) => Promise<T>): Promise<T> {
  const http = guardedGitHttp(remote.rules);
  const headers = headersOf(remote);
  const info = await git.getRemoteInfo2({ http, url: remote.url, headers, protocolVersion: 1 });
  const tip = info.refs?.find((ref) => ref.ref === `refs/heads/${remote.branch}`)?.oid;
  const dir = await mkdtemp(path.join(tmpdir(), 'rakit-git-'));
  try {
    if (tip === undefined) {
      await git.init({ fs, dir, defaultBranch: remote.branch });
      await git.addRemote({ fs, dir, remote: 'origin', url: remote.url });
    } else {
      await git.clone({ fs, http, dir, url: remote.url, ref: remote.branch, singleBranch: true, noTags: true, headers });
    }
    return await work({ dir, tip });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The application's files in a commit (the paths a bundle holds); undefined when the commit is not in the branch's history. */
export async function filesAt(checkout: Checkout, commit: string): Promise<Files | undefined> {
  const files: Files = new Map();
  try {
    await git.walk({
      fs, dir: checkout.dir, trees: [git.TREE({ ref: commit })],
      map: async (filepath, [entry]) => {
        if (entry === null || entry === undefined) return undefined;
        if ((await entry.type()) === 'blob' && isBundlePath(filepath)) {
          const content = await entry.content();
          if (content !== undefined) files.set(filepath, Buffer.from(content));
        }
        return true;
      },
    });
  } catch (error) {
    if (error instanceof git.Errors.NotFoundError) return undefined;
    throw error;
  }
  return files;
}

/**
 * Makes the checkout's application files `files` (others in the tree left alone), commits them
 * in `author`'s name and pushes; answers the new commit and how many files changed, or the tip
 * and 0 when nothing did (no empty commit is made).
 */
export async function commitAndPush(remote: Remote, checkout: Checkout, files: Files, message: string, author: Author): Promise<{ commit: string; changedFiles: number }> {
  const { dir } = checkout;
  const before = checkout.tip === undefined ? new Map<string, Buffer>() : (await filesAt(checkout, checkout.tip)) ?? new Map<string, Buffer>();
  let changedFiles = 0;
  for (const filepath of before.keys()) {
    if (files.has(filepath)) continue;
    await rm(path.join(dir, filepath), { force: true });
    await git.remove({ fs, dir, filepath });
    changedFiles++;
  }
  for (const [filepath, content] of files) {
    if (before.get(filepath)?.equals(content) === true) continue;
    await mkdir(path.dirname(path.join(dir, filepath)), { recursive: true });
    await writeFile(path.join(dir, filepath), content);
    await git.add({ fs, dir, filepath });
    changedFiles++;
  }
  if (changedFiles === 0 && checkout.tip !== undefined) return { commit: checkout.tip, changedFiles: 0 };
  const commit = await git.commit({ fs, dir, message, author: { ...author, timestamp: Math.floor(Date.now() / 1000) }, ref: `refs/heads/${remote.branch}` });
  await git.push({ fs, http: guardedGitHttp(remote.rules), dir, remote: 'origin', ref: remote.branch, remoteRef: remote.branch, headers: headersOf(remote) });
  return { commit, changedFiles };
}

/** The application's files of the checked-out tip. */
export async function checkedOutFiles(checkout: Checkout): Promise<Files> {
  if (checkout.tip === undefined) return new Map();
  const files = await filesAt(checkout, checkout.tip);
  // The clone holds its tip: only a repository changed under the clone lacks it.
  if (files === undefined) throw new Error(`The clone lacks its own commit ${checkout.tip}`);
  return files;
}
