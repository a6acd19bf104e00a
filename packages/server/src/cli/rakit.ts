import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { AppBundle, AppVariable, Environments, FileChange, PromotionPreview } from '@rakit/core';
import { createTwoFilesPatch } from 'diff';
import { bundleFromFiles, bundleToFiles, isBundlePath, stableJson } from '../bundles/files';
import { mergeFiles } from '../bundles/merge';

/*
 * `npx rakit export|diff|import` (issue 39): an application kept as files in a folder (a git
 * repository's work tree), exchanged with a running Rakit over its HTTP API. The server decides
 * who may do what: the caller administers the application (a session token in RAKIT_TOKEN, or
 * RAKIT_USER and RAKIT_PASSWORD signing in to it), or is one of its API tokens with the
 * deployApp ability (RAKIT_TOKEN=rkt_…, a CI job).
 */

const USAGE = `Usage: rakit <command> <folder> --server <url> --app <slug> [options]
       rakit pull|push --server <url> --app <slug> [--message <text>]
       rakit promote --server <url> --app <slug> --to <environment> [--check]
       rakit promote --server <url> --app <slug> --to-app <slug> [--check]   (RAKIT_TARGET_TOKEN)
       rakit variable --server <url> --app <slug> --name <NAME> [--secret] [--from-env <VAR>]

Commands:
  export   write the application into the folder as files (removing files of things it no longer has)
  diff     show what importing the folder would change; exits 1 when there is a difference
  import   replace the application with the folder's files, merging the changes made in
           the application since the last export or import (refused where both changed one thing)
  pull     bring the changes of the application's git repository (its Git screen) into it,
           merged with its own (refused where both changed one thing)
  push     commit the application to its git repository, with --message, and push
  promote  promote the application (an environment) to another of its environments, named
           by --to, showing what changes first; with --check, only show it (exits 1 when
           anything would change)
  variable set the environment's variable <NAME> (added, or changed), its value read from
           standard input or from the CI job's environment variable --from-env names, never
           from the command line; a secret one stays secret

Options:
  --server <url>        the Rakit server (default: RAKIT_SERVER, or http://localhost:8080)
  --app <slug>          the application
  --users               export: with the members' user ids
  --no-data             export: without the rows of embedded SQLite databases
  --password <id>=<pw>  import, pull: the password of connection <id> (repeatable); one the
                        application already has for the same connection is kept
  --message <text>      push: what changed (the commit's message)
  --to <environment>    promote: the environment promoted to (Staging, Production…)
  --to-app <slug>       promote with RAKIT_TARGET_TOKEN: the address of the environment promoted to
  --check               promote: show what would change, change nothing
  --name <NAME>         variable: its name
  --secret              variable: sealed at rest and never answered again
  --from-env <VAR>      variable: the value is this environment variable's (a CI secret)

Signing in: RAKIT_TOKEN (a session token, or an API token that may deploy the
application), or RAKIT_USER and RAKIT_PASSWORD (an
administrator of the application). A CI job promotes with two API tokens that may
deploy: RAKIT_TOKEN of the environment promoted from (--app), RAKIT_TARGET_TOKEN of
the one promoted to (--to-app).`;

class CliError extends Error {}

interface Options {
  server: string;
  appSlug: string;
  users: boolean;
  data: boolean;
  passwords: Record<string, string>;
}

interface Answer<T> {
  status: boolean;
  data: T;
  error?: string[];
  message?: string;
}

/** One call to the server; a refusal becomes the server's own words. */
async function call<T>(options: Options, token: string, method: string, route: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(new URL(route, options.server), {
      method,
      headers: { ...(token === '' ? {} : { authorization: `Bearer ${token}` }), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new CliError(`${options.server} does not answer: ${(error as Error).message}`);
  }
  const text = await response.text();
  let answer: Answer<T>;
  try {
    answer = JSON.parse(text) as Answer<T>;
  } catch {
    throw new CliError(`${method} ${route}: ${response.status} ${text.slice(0, 200)}`);
  }
  if (!response.ok || answer.status === false) {
    throw new CliError(`${method} ${route}: ${response.status} ${[answer.message, ...(answer.error ?? [])].filter(Boolean).join('; ')}`);
  }
  return answer.data;
}

async function signIn(options: Options): Promise<string> {
  const token = process.env.RAKIT_TOKEN ?? '';
  if (token !== '') return token;
  const userId = process.env.RAKIT_USER ?? '';
  const password = process.env.RAKIT_PASSWORD ?? '';
  if (userId === '' || password === '') throw new CliError('Set RAKIT_TOKEN, or RAKIT_USER and RAKIT_PASSWORD');
  const answer = await call<{ token: string }[]>(options, '', 'POST', '/auth/login', { userId, password, appSlug: options.appSlug });
  const signedIn = answer[0]?.token;
  if (signedIn === undefined) throw new CliError('The server gave no session (an account with a second factor signs in with RAKIT_TOKEN)');
  return signedIn;
}

async function appIdOf(options: Options): Promise<number> {
  return (await call<{ appId: number }>(options, '', 'GET', `/get/getApp/slug/${encodeURIComponent(options.appSlug)}`)).appId;
}

/** The application as the server has it now, as files by path. */
async function serverFiles(options: Options, token: string, appId: number): Promise<Map<string, Buffer>> {
  const bundle = await call<AppBundle>(options, token, 'GET', `/get/exportApp/${appId}?users=${options.users}&data=${options.data}`);
  return new Map(bundleToFiles(bundle).map((file) => [file.path, file.content]));
}

/** The folder's files of the application's layout (a README, .git and the like are the repository's own). */
async function folderFiles(folder: string): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  let entries;
  try {
    entries = await readdir(folder, { recursive: true, withFileTypes: true });
  } catch {
    throw new CliError(`${folder} cannot be read`);
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const relative = path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (isBundlePath(relative)) out.set(relative, await readFile(path.join(folder, relative)));
  }
  return out;
}

/** Makes the folder's files of the layout these: writes what differs, removes what is gone. */
async function writeTree(folder: string, files: ReadonlyMap<string, Buffer>): Promise<{ written: number; removed: number }> {
  await mkdir(folder, { recursive: true });
  const before = await folderFiles(folder);
  let written = 0;
  for (const [relative, content] of files) {
    if (before.get(relative)?.equals(content) === true) continue;
    await mkdir(path.dirname(path.join(folder, relative)), { recursive: true });
    await writeFile(path.join(folder, relative), content);
    written++;
  }
  const removed = [...before.keys()].filter((p) => !files.has(p));
  for (const relative of removed) await rm(path.join(folder, relative));
  return { written, removed: removed.length };
}

/**
 * Where the folder keeps the files as they were when it and the application last agreed (an
 * export or an import): the base of the next import's three-way merge. Ignored by git (its own
 * .gitignore), since it belongs to this work tree, not to the repository.
 */
const baseOf = (folder: string) => path.join(folder, '.rakit', 'base');

async function readBase(folder: string): Promise<Map<string, Buffer>> {
  try {
    return await folderFiles(baseOf(folder));
  } catch {
    return new Map();
  }
}

async function writeBase(folder: string, files: ReadonlyMap<string, Buffer>): Promise<void> {
  await rm(baseOf(folder), { recursive: true, force: true });
  await writeTree(baseOf(folder), files);
  await writeFile(path.join(folder, '.rakit', '.gitignore'), '*\n');
}

async function exportTo(folder: string, options: Options): Promise<void> {
  const token = await signIn(options);
  const files = await serverFiles(options, token, await appIdOf(options));
  // Only once the server has answered: a refusal leaves no folder behind.
  const { written, removed } = await writeTree(folder, files);
  await writeBase(folder, files);
  console.log(`${options.appSlug}: ${files.size} files, ${written} written, ${removed} removed`);
}

/**
 * The folder's files, with the application's changes since the base merged in (three ways,
 * component by component in a page); a change made on both sides in two ways refuses the import
 * and shows what the application changed. Without a base (a fresh clone, a CI job) the folder's
 * files as they are.
 */
async function filesToImport(folder: string, options: Options, token: string, appId: number): Promise<{ files: Map<string, Buffer>; kept: string[]; application: Map<string, Buffer> }> {
  const local = await folderFiles(folder);
  // As the folder was exported: with the members' ids when it holds them.
  const application = await serverFiles({ ...options, users: bundleFromFiles(local).users !== undefined }, token, appId);
  const base = await readBase(folder);
  if (base.size === 0) return { files: local, kept: [], application };
  const merged = mergeFiles(base, application, local, stableJson);
  if (merged.conflicts.length > 0) {
    for (const relative of new Set(merged.conflicts.map((c) => c.path))) {
      process.stdout.write(createTwoFilesPatch(`base/${relative}`, `application/${relative}`, base.get(relative)?.toString('utf8') ?? '', application.get(relative)?.toString('utf8') ?? ''));
    }
    throw new CliError(`The application and this folder both changed, in two ways: ${merged.conflicts.map((c) => `${c.path}: ${c.what}`).join('; ')}. `
      + 'Nothing was imported. Export into another folder to see the application\'s version, settle each one here, then import again.');
  }
  return { files: merged.files, kept: merged.keptFromApplication, application };
}

/** What importing the folder would change, file by file, as a unified diff; true when anything would. */
async function diffWith(folder: string, options: Options): Promise<boolean> {
  bundleFromFiles(await folderFiles(folder)); // the folder must read as an application before it is compared
  const token = await signIn(options);
  const appId = await appIdOf(options);
  // What an import would write: the folder's files with the application's own changes merged in.
  const { files: local, application: server } = await filesToImport(folder, options, token, appId);
  const paths = [...new Set([...server.keys(), ...local.keys()])].sort();
  let changed = 0;
  for (const relative of paths) {
    const before = server.get(relative);
    const after = local.get(relative);
    if (before !== undefined && after !== undefined && before.equals(after)) continue;
    changed++;
    const binary = /\.(docx|pdf)$/.test(relative);
    if (binary) {
      console.log(`Binary ${relative} ${before === undefined ? 'added' : after === undefined ? 'removed' : 'changed'}`);
      continue;
    }
    process.stdout.write(createTwoFilesPatch(
      before === undefined ? '/dev/null' : `server/${relative}`, after === undefined ? '/dev/null' : `folder/${relative}`,
      before?.toString('utf8') ?? '', after?.toString('utf8') ?? '',
    ));
  }
  console.log(changed === 0 ? 'No differences.' : (changed === 1 ? '1 file differs.' : `${changed} files differ.`));
  return changed > 0;
}

/** The application's repository's changes pulled in by the server (its Git screen's Pull). */
async function pullApp(options: Options): Promise<void> {
  const token = await signIn(options);
  const appId = await appIdOf(options);
  const pulled = await call<{ commit: string; changedFiles: string[]; keptFromApplication: string[] }>(options, token, 'POST', '/save/pullFromGit', { appId, passwords: options.passwords });
  console.log(pulled.changedFiles.length === 0
    ? `${options.appSlug}: already at ${pulled.commit.slice(0, 7)}`
    : `${options.appSlug}: pulled ${pulled.commit.slice(0, 7)}, ${pulled.changedFiles.length} files changed: ${pulled.changedFiles.join(', ')}`);
  if (pulled.keptFromApplication.length > 0) console.log(`Kept the application's changes to: ${pulled.keptFromApplication.join(', ')} (push to send them)`);
}

/** The application committed to its repository by the server and pushed. */
async function pushApp(options: Options, message: string): Promise<void> {
  const token = await signIn(options);
  const appId = await appIdOf(options);
  const pushed = await call<{ commit: string; changedFiles: number }>(options, token, 'POST', '/save/pushToGit', { appId, message });
  console.log(pushed.changedFiles === 0 ? `${options.appSlug}: nothing to commit (at ${pushed.commit.slice(0, 7)})` : `${options.appSlug}: pushed ${pushed.commit.slice(0, 7)}, ${pushed.changedFiles} files changed`);
}

async function importFrom(folder: string, options: Options): Promise<void> {
  bundleFromFiles(await folderFiles(folder)); // the folder must read as an application before anything is asked of the server
  const token = await signIn(options);
  const appId = await appIdOf(options);
  const { files, kept } = await filesToImport(folder, options, token, appId);
  const bundle = bundleFromFiles(files);
  const body = { bundle, target: { kind: 'replace', appId }, passwords: options.passwords, apiSecrets: {}, withUsers: bundle.users !== undefined };
  const preview = await call<{ connections: { id: number; needsPassword: boolean; dbHost: string; dbDatabase: string }[] }>(options, token, 'POST', '/save/previewImport', body);
  const missing = preview.connections.filter((c) => c.needsPassword && (options.passwords[String(c.id)] ?? '') === '');
  if (missing.length > 0) {
    throw new CliError(`Connections that need a password: ${missing.map((c) => `${c.id} (${c.dbHost}/${c.dbDatabase})`).join(', ')}. Give each with --password <id>=<password>.`);
  }
  const imported = await call<{ counts: Record<string, number>; unpublished: { name: string; problems: string[] }[] }>(options, token, 'POST', '/save/importApp', body);
  console.log(`${options.appSlug}: imported (${Object.entries(imported.counts).filter(([, n]) => n > 0).map(([kind, n]) => `${n} ${kind}`).join(', ')})`);
  for (const workflow of imported.unpublished) console.log(`Not published: ${workflow.name}: ${workflow.problems.join('; ')}`);
  // The folder now holds what it imported (the application's own changes merged in), and the
  // base is what the application holds after the import: the next import's starting point.
  await writeTree(folder, files);
  await writeBase(folder, await serverFiles({ ...options, users: bundle.users !== undefined }, token, appId));
  if (kept.length > 0) console.log(`Kept the application's changes to: ${kept.join(', ')} (now in the folder too)`);
}

/** A promotion's changes, one line per file and one per component. */
function printChanges(changes: readonly FileChange[]): void {
  for (const change of changes) {
    console.log(`  ${change.status.padEnd(8)} ${change.thing} ${change.name} (${change.path})`);
    for (const component of change.components) console.log(`           ${component.status} component ${component.id}${component.title === '' ? '' : ` (${component.title})`}`);
  }
}

/** A promotion's two calls: what it would change, then the promotion of what the preview showed. */
interface PromotionCalls {
  preview: () => Promise<PromotionPreview>;
  promote: (targetState: string) => Promise<{ changedFiles: string[] }>;
}

/**
 * The calls of a promotion to `to` (an environment's name), made as the signed-in administrator
 * of both; or, with RAKIT_TARGET_TOKEN (a CI job), to the environment at `toApp`: the source's
 * structure exported with its own token (RAKIT_TOKEN) and promoted by the target's, so neither
 * token reaches the other's application.
 */
async function promotionCalls(options: Options, target: { to: string; toApp: string }): Promise<PromotionCalls> {
  const token = await signIn(options);
  const appId = await appIdOf(options);
  const targetToken = process.env.RAKIT_TARGET_TOKEN ?? '';
  if (targetToken !== '') {
    if (target.toApp === '') throw new CliError('with RAKIT_TARGET_TOKEN, name the address of the environment promoted to with --to-app <slug>');
    const targetAppId = await appIdOf({ ...options, appSlug: target.toApp });
    const bundle = await call<AppBundle>(options, token, 'GET', `/get/exportApp/${appId}?users=false&data=false`);
    const body = { appId: targetAppId, sourceAppSlug: options.appSlug, bundle };
    return {
      preview: () => call<PromotionPreview>(options, targetToken, 'POST', '/save/previewBundlePromotion', body),
      promote: (targetState) => call<{ changedFiles: string[] }>(options, targetToken, 'POST', '/save/promoteBundle', { ...body, targetState }),
    };
  }
  if (target.to === '') throw new CliError('name the environment to promote to with --to <environment>');
  const family = await call<Environments>(options, token, 'GET', `/get/environments/${appId}`);
  const found = family.environments.find((e) => e.name.toLowerCase() === target.to.toLowerCase() && e.appId !== appId);
  if (found === undefined) {
    const names = family.environments.filter((e) => e.appId !== appId).map((e) => e.name);
    throw new CliError(names.length === 0 ? `${options.appSlug} has no environments` : `No environment ${target.to}: choose one of ${names.join(', ')}`);
  }
  const body = { appId, targetAppId: found.appId };
  return {
    preview: () => call<PromotionPreview>(options, token, 'POST', '/save/previewPromotion', body),
    promote: (targetState) => call<{ changedFiles: string[] }>(options, token, 'POST', '/save/promote', { ...body, targetState }),
  };
}

/**
 * The Environments screen's promotion from a terminal: the preview's changes printed, then
 * promoted unless `check`. Refused (2) where the screen would refuse: the target changed since
 * its last promotion, or a connection new to it (typed on the screen, never copied). Answers
 * whether anything changes (for --check's exit code).
 */
async function promoteApp(options: Options, target: { to: string; toApp: string }, check: boolean): Promise<boolean> {
  const calls = await promotionCalls(options, target);
  const preview = await calls.preview();
  if (preview.changedInTarget.length > 0) {
    console.log(`${preview.target} was changed since its last promotion:`);
    printChanges(preview.changedInTarget);
    throw new CliError(`bring those changes into ${preview.source}, or undo them in ${preview.target}, then promote`);
  }
  if (preview.changes.length === 0) {
    console.log(`${preview.target} already holds what ${preview.source} holds.`);
    return false;
  }
  console.log(`${preview.source} → ${preview.target}:`);
  printChanges(preview.changes);
  const missing = preview.newVariables.map((v) => `${v.name}${v.secret ? ' (secret)' : ''}`).join(', ');
  if (check) {
    if (missing !== '') console.log(`Variables ${preview.target} does not have: ${missing}`);
    return true;
  }
  if (preview.newConnections.length > 0) {
    throw new CliError(`new connections need where they lead in ${preview.target} (${preview.newConnections.map((c) => c.sourceDatabase).join(', ')}): promote from the Environments screen`);
  }
  if (preview.newVariables.length > 0) {
    // A terminal never types values: the target's own are set first, by its administrator or its token.
    throw new CliError(`${preview.target} does not have the variables its promoted pages use: ${missing}. `
      + `Set each in ${preview.target} first (rakit variable --app <its address> --name <NAME> [--secret] --from-env <VAR>), then promote`);
  }
  const promoted = await calls.promote(preview.targetState);
  console.log(`Promoted to ${preview.target}: ${promoted.changedFiles.length} files changed.`);
  return true;
}

/** Standard input whole, less one closing line break (what `echo "$VALUE" |` adds); '' from a terminal. */
async function standardInput(): Promise<string> {
  if (process.stdin.isTTY) return '';
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}

/**
 * Sets one of the application's named variables (its environment's value, issue 39): edits the
 * one of that name, or adds it. The value comes from an environment variable (a CI job's secret)
 * or standard input, never the command line, which a machine's process list shows. A secret one
 * stays secret: a CI job cannot unseal it by leaving --secret out.
 */
async function setVariable(options: Options, variable: { name: string; secret: boolean; fromEnv: string | undefined }): Promise<void> {
  const value = variable.fromEnv === undefined ? await standardInput() : process.env[variable.fromEnv];
  if (value === undefined || value === '') {
    throw new CliError(variable.fromEnv === undefined
      ? 'give the value on standard input (echo "$VALUE" | rakit variable …) or name the environment variable that holds it with --from-env <VAR>'
      : `the environment variable ${variable.fromEnv} is not set or empty`);
  }
  const token = await signIn(options);
  const appId = await appIdOf(options);
  const existing = (await call<AppVariable[]>(options, token, 'GET', `/get/listVariables/${appId}`)).find((v) => v.name === variable.name);
  const secret = variable.secret || existing?.secret === true;
  await call(options, token, 'POST', '/save/saveVariable', { appId, variableId: existing?.variableId ?? null, name: variable.name, secret, value });
  console.log(`${options.appSlug}: variable ${variable.name} ${existing === undefined ? 'added' : 'changed'}${secret ? ' (secret)' : ''}`);
}

/** Runs the command line; answers the exit code (0 done, 1 a difference found by diff, 2 refused). */
export async function runCli(argv: readonly string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv], allowPositionals: true,
      options: {
        server: { type: 'string' }, app: { type: 'string' }, users: { type: 'boolean', default: false }, 'no-data': { type: 'boolean', default: false },
        password: { type: 'string', multiple: true, default: [] }, message: { type: 'string', short: 'm' }, help: { type: 'boolean', short: 'h', default: false },
        to: { type: 'string' }, 'to-app': { type: 'string' }, check: { type: 'boolean', default: false },
        name: { type: 'string' }, secret: { type: 'boolean', default: false }, 'from-env': { type: 'string' },
      },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const [command, folder] = parsed.positionals;
  if (parsed.values.help || command === undefined) {
    console.log(USAGE);
    return parsed.values.help ? 0 : 2;
  }
  // These act on the application through the server alone; export, diff and import on a folder too.
  const takesNoFolder = command === 'pull' || command === 'push' || command === 'promote' || command === 'variable';
  if (parsed.values.app === undefined || (takesNoFolder ? folder !== undefined : folder === undefined || !['export', 'diff', 'import'].includes(command))) {
    console.error(USAGE);
    return 2;
  }
  if (command === 'promote' && (parsed.values.to ?? '').trim() === '' && (parsed.values['to-app'] ?? '').trim() === '') {
    console.error('rakit promote: name the environment to promote to with --to <environment> (or, with RAKIT_TARGET_TOKEN, --to-app <slug>)');
    return 2;
  }
  if (command === 'variable' && (parsed.values.name ?? '').trim() === '') {
    console.error('rakit variable: name the variable with --name <NAME>');
    return 2;
  }
  if (command === 'push' && (parsed.values.message ?? '').trim() === '') {
    console.error('rakit push: say what changed with --message <text>');
    return 2;
  }
  const passwords: Record<string, string> = {};
  for (const pair of parsed.values.password) {
    const at = pair.indexOf('=');
    if (at < 1) {
      console.error(`--password takes <connection id>=<password>, not ${pair.replace(/=.*/, '=…')}`);
      return 2;
    }
    passwords[pair.slice(0, at)] = pair.slice(at + 1);
  }
  const options: Options = {
    server: parsed.values.server ?? process.env.RAKIT_SERVER ?? 'http://localhost:8080', appSlug: parsed.values.app,
    users: parsed.values.users, data: !parsed.values['no-data'], passwords,
  };
  try {
    if (command === 'promote') {
      const target = { to: (parsed.values.to ?? '').trim(), toApp: (parsed.values['to-app'] ?? '').trim() };
      return (await promoteApp(options, target, parsed.values.check)) && parsed.values.check ? 1 : 0;
    }
    if (command === 'variable') await setVariable(options, { name: (parsed.values.name ?? '').trim(), secret: parsed.values.secret, fromEnv: parsed.values['from-env'] });
    else if (command === 'pull') await pullApp(options);
    else if (command === 'push') await pushApp(options, parsed.values.message ?? '');
    else if (folder === undefined) return 2;
    else if (command === 'export') await exportTo(folder, options);
    else if (command === 'import') await importFrom(folder, options);
    else return (await diffWith(folder, options)) ? 1 : 0;
    return 0;
  } catch (error) {
    // A refusal of the server, or a file of the folder that does not read: its words, no stack.
    const message = error instanceof CliError ? error.message : (error as Error).message;
    console.error(`rakit ${command}: ${message}`);
    return 2;
  }
}
