import type { GitPullBody, GitPullPreview, GitPushBody, GitSettings, SaveGitSettingsBody } from '@rakit/core';
import git from 'isomorphic-git';
import type { Principal } from '../auth/principal';
import { exportApp } from '../bundles/export';
import { bundleFromFiles, bundleToFiles, stableJson } from '../bundles/files';
import { importBundle, secretsNeeded } from '../bundles/import';
import { changesBetween } from '../bundles/changes';
import { type Conflict, mergeFiles, sameFile } from '../bundles/merge';
import { badRequest, conflict, HttpError, local } from '../errors/http-errors';
import { isPublicAddress } from '../outbound/addresses';
import { vetOutboundHost } from '../outbound/guarded-send';
import { outboundUrl } from '../outbound/safe-request';
import type { PdfReader } from '../pdf-templates/extract';
import type { AppGitRow } from '../store/repositories/app-git';
import { deleteAppGit, findAppGit, leaseAppGit, markSynced, releaseAppGit, saveAppGit } from '../store/repositories/app-git';
import { type Author, type Checkout, checkedOutFiles, commitAndPush, type Files, filesAt, type Remote, withCheckout } from './repository';
import type { Services } from '../services';

/*
 * An application kept in git (issue 39): its administrators' calls. The token is sealed at rest
 * and never answered; the repository's address is vetted against the outbound rules when saved,
 * and again on every request (guardedGitHttp: a name may resolve elsewhere since). The commit the
 * application and the branch last agreed on is the merge base of the next pull, and a push is
 * refused while the branch holds commits the application has not pulled.
 */

const settingsOf = (appId: number, row: AppGitRow | undefined): GitSettings => ({
  appId,
  repositoryUrl: row?.repositoryUrl ?? '',
  branch: row?.branch ?? 'main',
  username: row?.username ?? '',
  hasToken: (row?.tokenEnc ?? '') !== '',
  syncedCommit: row?.syncedCommit ?? null,
  syncedAt: row?.syncedAt ?? null,
});

export async function getGitSettings(services: Services, appId: number): Promise<GitSettings> {
  return settingsOf(appId, await findAppGit(services.store, appId));
}

/**
 * Connects the application to a repository, or changes its settings. An empty token keeps the
 * stored one only while the address stays (a token is never sent to a place it was not typed
 * for); another address or branch forgets the last agreement, so the next pull starts again.
 */
export async function saveGitSettings(services: Services, body: SaveGitSettingsBody): Promise<GitSettings> {
  const url = outboundUrl(body.repositoryUrl);
  const addresses = await vetOutboundHost(url, services.config);
  const existing = await findAppGit(services.store, body.appId);
  const sameRepository = existing !== undefined && existing.repositoryUrl === body.repositoryUrl;
  const tokenEnc = body.token === '' ? (sameRepository ? existing.tokenEnc : '') : services.secretBox.seal(body.token);
  // A token crosses the internet only encrypted; http:// is for a host on the operator's own network.
  if (tokenEnc !== '' && url.protocol === 'http:' && addresses.some((a) => isPublicAddress(a.address))) throw badRequest(local('gitTokenInClear'));
  const sameBranch = sameRepository && existing.branch === body.branch;
  const row: AppGitRow = {
    appId: body.appId, repositoryUrl: body.repositoryUrl, branch: body.branch, username: body.username, tokenEnc,
    syncedCommit: sameBranch ? existing.syncedCommit : null, syncedAt: sameBranch ? existing.syncedAt : null,
  };
  await saveAppGit(services.store, row);
  return settingsOf(body.appId, row);
}

export async function disconnectGit(services: Services, appId: number): Promise<{ appId: number }> {
  await deleteAppGit(services.store, appId);
  return { appId };
}

/**
 * One push or pull of an application at a time, on every replica (a lease on its row: a second
 * waits for nothing, 409), and a few at once in this process: each may hold a repository's
 * answer in memory (GIT_MAX_MB), so an author with many applications cannot have the server hold
 * many (503, tried again later).
 */
export const MAX_GIT_AT_ONCE = 3;
/** How long a push or pull may hold its application's repository (a dead replica's lease runs out). */
const LEASE_MS = 5 * 60_000;
let gitUnderWay = 0;

async function oneAtATime<T>(services: Services, appId: number, work: () => Promise<T>): Promise<T> {
  if (gitUnderWay >= MAX_GIT_AT_ONCE) throw new HttpError(503, local('gitServerBusy'));
  if ((await findAppGit(services.store, appId)) === undefined) throw conflict(local('gitNotConnected'));
  const now = Date.now();
  if (!(await leaseAppGit(services.store, appId, new Date(now).toISOString(), new Date(now + LEASE_MS).toISOString()))) throw conflict(local('gitBusy'));
  gitUnderWay++;
  try {
    return await work();
  } finally {
    gitUnderWay--;
    await releaseAppGit(services.store, appId);
  }
}

async function remoteOf(services: Services, appId: number): Promise<{ row: AppGitRow; remote: Remote }> {
  const row = await findAppGit(services.store, appId);
  if (row === undefined || row.repositoryUrl === '') throw conflict(local('gitNotConnected'));
  let token: string;
  try {
    token = row.tokenEnc === '' ? '' : services.secretBox.open(row.tokenEnc);
  } catch {
    // Sealed under another server secret (RAKIT_SECRET changed): typed again, it is sealed anew.
    throw conflict(local('gitTokenUnreadable'));
  }
  return { row, remote: { url: row.repositoryUrl, branch: row.branch, username: row.username, token, rules: services.config } };
}

/** isomorphic-git's own failures (its Errors classes all name themselves in `code`). */
const GIT_ERROR_CODES: ReadonlySet<unknown> = new Set(Object.keys(git.Errors));
const isGitError = (error: unknown): error is Error & { code: string } => error instanceof Error && GIT_ERROR_CODES.has((error as { code?: unknown }).code);

/** What isomorphic-git's failures mean to the administrator: the repository's answer, in words. Anything else is ours: as it is. */
function repositoryFailure(error: unknown): unknown {
  if (!isGitError(error)) return error;
  if (error instanceof git.Errors.HttpError) {
    const status = error.data.statusCode;
    const answered = { status: `${status} ${error.data.statusMessage}`.trim() };
    // A refused token is the administrator's setting to fix (4xx); anything else is the repository's answer (502).
    return status === 401 || status === 403 ? new HttpError(400, local('gitAuthRefused', answered)) : new HttpError(502, local('gitAnswered', answered));
  }
  if (error instanceof git.Errors.PushRejectedError) return conflict(local('gitBehind'));
  return new HttpError(502, local('gitFailed', { detail: error.message }));
}

async function withRepository<T>(services: Services, appId: number, work: (found: { row: AppGitRow; remote: Remote }) => Promise<T>): Promise<T> {
  return oneAtATime(services, appId, async () => {
    // Read under the lease: the agreed commit is the one no other push or pull is changing.
    const found = await remoteOf(services, appId);
    try {
      return await work(found);
    } catch (error) {
      throw repositoryFailure(error);
    }
  });
}

/** The application as the files a repository holds: its structure, no member, no rows, no secret. */
async function applicationFiles(services: Services, caller: Principal, appId: number): Promise<Files> {
  const bundle = await exportApp(services, caller, appId, { users: false, data: false });
  return new Map(bundleToFiles(bundle).map((file) => [file.path, file.content]));
}

/** The commit's author: the builder, or `token:<name>` for a CI job's token (nothing that would end a commit's header line). */
function authorOf(caller: Principal): Author {
  const name = caller.auditActor.replace(/[\p{Cc}<>]/gu, ' ').trim();
  // Accounts have no address of their own unless their name is one; .invalid is reserved for this (RFC 2606).
  const email = /^[^\s@]+@[^\s@]+$/.test(name) ? name : `${name.replace(/[^A-Za-z0-9._-]/g, '_')}@rakit.invalid`;
  return { name, email };
}

/**
 * Commits the application as files to its branch and pushes. Refused while the branch holds a
 * commit the application has not pulled: a push never overwrites a change made there.
 */
export async function pushToGit(services: Services, caller: Principal, body: GitPushBody): Promise<{ commit: string; changedFiles: number }> {
  return withRepository(services, body.appId, async ({ row, remote }) => {
    const files = await applicationFiles(services, caller, body.appId);
    return withCheckout(remote, async (checkout) => {
      if (checkout.tip !== undefined && checkout.tip !== row.syncedCommit) throw conflict(local('gitBehind'));
      const pushed = await commitAndPush(remote, checkout, files, body.message, authorOf(caller));
      await markSynced(services.store, body.appId, pushed.commit, new Date().toISOString());
      return pushed;
    });
  });
}

interface PullPlan {
  tip: string;
  /** The application's files now, and as the pull would leave them. */
  application: Files;
  files: Files;
  conflicts: Conflict[];
  keptFromApplication: string[];
}

/**
 * What a pull of the checked-out branch would do: its files merged three ways with the
 * application's from the commit both last agreed on (component by component in a page), or, with
 * no such commit in the branch's history (a first pull, another branch, a rewritten history),
 * the branch's files as they are.
 */
async function planPull(services: Services, caller: Principal, appId: number, row: AppGitRow, checkout: Checkout): Promise<PullPlan> {
  if (checkout.tip === undefined) throw conflict(local('gitBranchEmpty', { branch: row.branch }));
  const tip = checkout.tip;
  const application = await applicationFiles(services, caller, appId);
  if (tip === row.syncedCommit) return { tip, application, files: application, conflicts: [], keptFromApplication: [] };
  const branch = await checkedOutFiles(checkout);
  const base = row.syncedCommit === null ? undefined : await filesAt(checkout, row.syncedCommit);
  if (base === undefined) return { tip, application, files: branch, conflicts: [], keptFromApplication: [] };
  const merged = mergeFiles(base, application, branch, stableJson);
  return { tip, application, files: merged.files, conflicts: merged.conflicts, keptFromApplication: merged.keptFromApplication };
}

const conflictTexts = (conflicts: readonly Conflict[]) => conflicts.map((c) => `${c.path}: ${c.what}`);

/** What a pull would change, page by page and component by component, and what it would refuse; writes nothing. */
export async function previewPullFromGit(services: Services, caller: Principal, appId: number): Promise<GitPullPreview> {
  return withRepository(services, appId, async ({ row, remote }) => withCheckout(remote, async (checkout) => {
    const plan = await planPull(services, caller, appId, row, checkout);
    if (plan.conflicts.length > 0) {
      return { commit: plan.tip, conflicts: conflictTexts(plan.conflicts), keptFromApplication: plan.keptFromApplication, changes: [], connections: [], apis: [] };
    }
    // A branch whose files do not read as an application is refused now, not when pulled.
    const merged = bundleFromFiles(plan.files);
    return {
      commit: plan.tip, conflicts: [], keptFromApplication: plan.keptFromApplication,
      changes: changesBetween(plan.application, plan.files),
      ...await secretsNeeded(services, merged, appId),
    };
  }));
}

/**
 * Brings the branch's changes into the application (planPull), imported over it in one
 * transaction (importApp's checks and page history). A change made on both sides in two ways
 * refuses the pull, each one named; nothing is written.
 */
export async function pullFromGit(services: Services, reader: PdfReader, caller: Principal, body: GitPullBody): Promise<{ commit: string; changedFiles: string[]; keptFromApplication: string[] }> {
  return withRepository(services, body.appId, async ({ row, remote }) => withCheckout(remote, async (checkout) => {
    const { tip, application, files, conflicts, keptFromApplication } = await planPull(services, caller, body.appId, row, checkout);
    if (body.commit !== undefined && body.commit !== tip) throw conflict(local('gitMoved', { commit: tip.slice(0, 7) }));
    if (conflicts.length > 0) throw new HttpError(409, local('gitConflicts', { count: String(conflicts.length) }), conflictTexts(conflicts));
    const changedFiles = [...new Set([...application.keys(), ...files.keys()])].sort().filter((path) => !sameFile(application.get(path), files.get(path)));
    if (changedFiles.length > 0) {
      await importBundle(services, reader, caller, {
        bundle: bundleFromFiles(files), target: { kind: 'replace', appId: body.appId }, passwords: body.passwords, apiSecrets: body.apiSecrets, withUsers: false,
      });
    }
    await markSynced(services.store, body.appId, tip, new Date().toISOString());
    return { commit: tip, changedFiles, keptFromApplication };
  }));
}
