import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import git from 'isomorphic-git';
import { MAX_BUNDLE_BYTES } from '@rakit/core';
import { HttpError, local } from '../errors/http-errors';
import { isBundlePath } from '../bundles/files';
import type { OutboundRules } from '../outbound/guarded-send';
import { guardedGitHttp } from './transport';

/*
 * One push or pull's copy of a repository's branch (issue 39): fetched into a folder of its own
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

/**
 * The branch fetched into a fresh folder (or a new repository when the branch has no commit),
 * `work` run on it, the folder removed. Nothing is checked out: the repository's objects are
 * read and written in its .git alone, so no path a hostile tree names is ever a file here.
 */
export async function withCheckout<T>(remote: Remote, work: (checkout: Checkout) => Promise<T>): Promise<T> {
  // A repository without a default branch still serves the branch asked for (transport.ts).
  const http = guardedGitHttp(remote.rules, { headAt: remote.branch });
  const headers = headersOf(remote);
  const info = await git.getRemoteInfo2({ http, url: remote.url, headers, protocolVersion: 1 });
  const hasBranch = info.refs?.some((ref) => ref.ref === `refs/heads/${remote.branch}`) ?? false;
  const dir = await mkdtemp(path.join(tmpdir(), 'rakit-git-'));
  try {
    let tip: string | undefined;
    if (hasBranch) {
      await git.clone({ fs, http, dir, url: remote.url, ref: remote.branch, singleBranch: true, noTags: true, noCheckout: true, headers });
      // The tip is the clone's own: a push made since the branches were listed is in it, or not at all.
      tip = await git.resolveRef({ fs, dir, ref: `refs/heads/${remote.branch}` });
    } else {
      await git.init({ fs, dir, defaultBranch: remote.branch });
      await git.addRemote({ fs, dir, remote: 'origin', url: remote.url });
    }
    return await work({ dir, tip });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The application's files in a commit (the paths a bundle holds); undefined when the commit is not in the branch's history. */
export async function filesAt(checkout: Checkout, commit: string): Promise<Files | undefined> {
  const files: Files = new Map();
  let total = 0;
  try {
    await git.walk({
      fs, dir: checkout.dir, trees: [git.TREE({ ref: commit })],
      map: async (filepath, [entry]) => {
        if (entry === null || entry === undefined) return undefined;
        if ((await entry.type()) === 'blob' && isBundlePath(filepath)) {
          const content = await entry.content();
          if (content !== undefined) {
            // No larger than an application an import takes (a bundle's limit), read file by file.
            total += content.byteLength;
            if (total > MAX_BUNDLE_BYTES) throw new HttpError(413, local('gitTooLarge', { mb: String(MAX_BUNDLE_BYTES / 1024 / 1024) }));
            files.set(filepath, Buffer.from(content));
          }
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

interface Entry { mode: string; oid: string; type: 'blob' | 'tree' | 'commit' }

/** Every blob (and submodule) of a tree by its path. */
async function flatTree(dir: string, oid: string, prefix = ''): Promise<Map<string, Entry>> {
  const entries = new Map<string, Entry>();
  for (const entry of (await git.readTree({ fs, dir, oid })).tree) {
    const at = `${prefix}${entry.path}`;
    if (entry.type === 'tree') for (const [inner, value] of await flatTree(dir, entry.oid, `${at}/`)) entries.set(inner, value);
    else entries.set(at, { mode: entry.mode, oid: entry.oid, type: entry.type });
  }
  return entries;
}

/** Writes the trees of a flat map of paths, deepest first; answers the root tree's id. */
async function writeTrees(dir: string, entries: ReadonlyMap<string, Entry>): Promise<string> {
  interface Folder { files: Map<string, Entry>; folders: Map<string, Folder> }
  const root: Folder = { files: new Map(), folders: new Map() };
  for (const [at, entry] of entries) {
    const parts = at.split('/');
    const name = parts.pop() as string;
    let folder = root;
    for (const part of parts) {
      let inner = folder.folders.get(part);
      if (inner === undefined) {
        inner = { files: new Map(), folders: new Map() };
        folder.folders.set(part, inner);
      }
      folder = inner;
    }
    folder.files.set(name, entry);
  }
  const write = async (folder: Folder): Promise<string> => {
    const tree = [...folder.files].map(([name, entry]) => ({ mode: entry.mode, path: name, oid: entry.oid, type: entry.type }));
    for (const [name, inner] of folder.folders) tree.push({ mode: '040000', path: name, oid: await write(inner), type: 'tree' });
    return git.writeTree({ fs, dir, tree });
  };
  return write(root);
}

/**
 * Commits the application's files `files` on the branch's tip (its other files left as they
 * are) in `author`'s name and pushes; answers the new commit and how many files changed, or the
 * tip and 0 when nothing did (no empty commit is made).
 */
export async function commitAndPush(remote: Remote, checkout: Checkout, files: Files, message: string, author: Author): Promise<{ commit: string; changedFiles: number }> {
  const { dir, tip } = checkout;
  const entries = tip === undefined ? new Map<string, Entry>() : await flatTree(dir, (await git.readCommit({ fs, dir, oid: tip })).commit.tree);
  let changedFiles = 0;
  for (const [at, entry] of [...entries]) {
    if (entry.type !== 'blob' || !isBundlePath(at) || files.has(at)) continue;
    entries.delete(at);
    changedFiles++;
  }
  for (const [at, content] of files) {
    const oid = await git.writeBlob({ fs, dir, blob: content });
    if (entries.get(at)?.oid === oid) continue;
    entries.set(at, { mode: '100644', oid, type: 'blob' });
    changedFiles++;
  }
  if (changedFiles === 0 && tip !== undefined) return { commit: tip, changedFiles: 0 };
  const tree = await writeTrees(dir, entries);
  const commit = await git.commit({
    fs, dir, message, tree, parent: tip === undefined ? [] : [tip], ref: `refs/heads/${remote.branch}`,
    author: { ...author, timestamp: Math.floor(Date.now() / 1000) },
  });
  await git.push({ fs, http: guardedGitHttp(remote.rules), dir, remote: 'origin', ref: remote.branch, remoteRef: remote.branch, headers: headersOf(remote) });
  return { commit, changedFiles };
}

/** The application's files of the fetched tip. */
export async function checkedOutFiles(checkout: Checkout): Promise<Files> {
  if (checkout.tip === undefined) return new Map();
  const files = await filesAt(checkout, checkout.tip);
  // The clone holds its tip: only a repository changed under the clone lacks it.
  if (files === undefined) throw new Error(`The clone lacks its own commit ${checkout.tip}`);
  return files;
}
