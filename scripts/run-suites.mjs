// `npm test`'s runner: the suites named on the command line (npm scripts) run at the same time,
// each one's output held back and printed whole when it ends, so the log reads suite by suite.
// Prints each suite's time; fails when any suite fails (after all have ended, so every failure shows).
// A name of the form `a+b` runs a, then b, as one suite (b only when a passed); `script@folder`
// runs a workspace's own script (`npm run script -w folder`).
import { spawn } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';

const suites = process.argv.slice(2);
if (suites.length === 0) {
  console.error('usage: node scripts/run-suites.mjs <npm script>[+<npm script>…] …');
  process.exit(2);
}

/** Runs one npm script; resolves with its exit code and everything it printed. */
function runScript(script) {
  const [name, workspace] = script.split('@');
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', name, ...(workspace === undefined ? [] : ['-w', workspace])], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal === null ? 0 : 1), output: Buffer.concat(output) }));
  });
}

const FAILURE_TAIL_LINES = 250;
/** Of each failure vitest lists, its first lines: the test's name and what went wrong. */
const FAILURE_HEAD_LINES = 24;

function lastLines(text, count) {
  return text.split('\n').slice(-count).join('\n');
}

/**
 * What a failed suite's log says went wrong, short enough for the end of a CI log: for vitest,
 * the head of every failure it lists (a retried test's first try too, which a plain tail loses
 * behind the second try's page reports) and its summary; for anything else, the last lines.
 */
function failureDigest(text) {
  const lines = stripVTControlCharacters(text).split('\n');
  const listStart = lines.findIndex((line) => /Failed Tests \d+/.test(line));
  if (listStart < 0) return lastLines(text, FAILURE_TAIL_LINES);
  const digest = [];
  for (let index = listStart; index < lines.length; index += 1) {
    if (/^\s*FAIL\s/.test(lines[index])) digest.push('', ...lines.slice(index, index + FAILURE_HEAD_LINES).filter((line) => line.trim() !== ''));
  }
  const summary = lines.filter((line) => /^\s*(Test Files|Tests|Duration)\s/.test(line));
  return [...digest, '', ...summary].join('\n');
}

async function runSuite(suite) {
  const started = performance.now();
  const steps = [];
  let code = 0;
  let lastOutput = '';
  for (const script of suite.split('+')) {
    const stepStarted = performance.now();
    const result = await runScript(script);
    steps.push(`${script} ${((performance.now() - stepStarted) / 1000).toFixed(0)} s`);
    process.stdout.write(`\n===== ${script} (${result.code === 0 ? 'passed' : `failed, exit ${result.code}`}) =====\n`);
    process.stdout.write(result.output);
    code = result.code;
    lastOutput = result.output.toString('utf8');
    if (code !== 0) break;
  }
  return { suite, code, seconds: (performance.now() - started) / 1000, steps, tail: failureDigest(lastOutput) };
}

const started = performance.now();
const results = await Promise.all(suites.map(runSuite));
console.log('\n===== suites =====');
for (const { suite, code, seconds, steps } of results) {
  console.log(`${code === 0 ? 'passed' : 'FAILED'}  ${seconds.toFixed(0).padStart(5)} s  ${suite}${steps.length > 1 ? `  (${steps.join(', ')})` : ''}`);
}
console.log(`all: ${((performance.now() - started) / 1000).toFixed(0)} s`);
// What a failed suite says went wrong, again at the very end, where a CI log's tail shows it.
for (const { suite, code, tail } of results) {
  if (code !== 0) process.stdout.write(`\n===== ${suite} failed: what went wrong =====\n${tail}\n`);
}
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
