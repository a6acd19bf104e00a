// One sandbox worker thread: runs an author's function in a fresh QuickJS runtime per call.
// Plain JavaScript (not TypeScript) so that a worker thread can load it without a loader,
// both under tsx and under the test runner. The host side is sandbox-pool.ts.
import { parentPort, workerData } from 'node:worker_threads';
import { newQuickJSWASMModuleFromVariant, newVariant, shouldInterruptAfterDeadline } from 'quickjs-emscripten-core';
import releaseSyncVariant from '@jitl/quickjs-wasmfile-release-sync';

const WASM_PAGE = 65536;
const { heapMaxBytes, wasmModule } = workerData;

// memoryLimitBytes does not cap the WebAssembly heap (quickjs-emscripten #255, #271): the
// heap is a fixed Memory with a maximum, so a runaway allocation ends in a wasm trap, never in
// the process's memory. The module is compiled once by the host and shared by every worker.
const memory = new WebAssembly.Memory({ initial: 256, maximum: Math.max(256, Math.floor(heapMaxBytes / WASM_PAGE)) });
const quickjs = await newQuickJSWASMModuleFromVariant(newVariant(releaseSyncVariant, { wasmMemory: memory, wasmModule }));

class AuthorError extends Error {}

/** `params` and `rows` arrive as JSON text and are parsed inside QuickJS: no host object ever enters. */
function run(job) {
  const started = performance.now();
  const runtime = quickjs.newRuntime();
  runtime.setMemoryLimit(job.memoryBytes);
  runtime.setMaxStackSize(job.stackBytes);
  runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + job.timeoutMs));
  const context = runtime.newContext();
  try {
    const source = wrap(job);
    const compiled = context.evalCode(source, 'function.js', { strict: true });
    const fn = unwrap(context, compiled);
    const input = context.newString(job.input);
    const call = context.evalCode('(fn, input) => { const data = JSON.parse(input); return fn(data.params, data.rows); }', 'host.js');
    const caller = unwrap(context, call);
    const called = context.callFunction(caller, context.undefined, fn, input);
    input.dispose();
    caller.dispose();
    fn.dispose();
    let value = unwrap(context, called);
    value = settle(context, runtime, value);
    const text = serialise(context, value, job.outputBytes);
    return { ok: true, json: text, ms: performance.now() - started, memoryBytes: memoryUsed(runtime) };
  } catch (error) {
    const message = error instanceof AuthorError ? error.message : `The function could not run: ${String(error && error.message ? error.message : error)}`;
    return { ok: false, error: message, line: error.line ?? null, ms: performance.now() - started, memoryBytes: memoryUsed(runtime) };
  } finally {
    context.dispose();
    runtime.dispose();
  }
}

/**
 * The author's code is the body of a function of its parameters (and `rows`, for a transform).
 * The prefix sits on the code's first line so that error lines are the author's lines.
 */
function wrap(job) {
  const names = job.paramNames.join(', ');
  return `(function (__params, rows) { "use strict"; const { ${names} } = __params; const params = __params;${job.code}\n})`;
}

function unwrap(context, result) {
  if (result.error) {
    const dumped = context.dump(result.error);
    result.error.dispose();
    throw authorError(dumped);
  }
  return result.value;
}

function authorError(dumped) {
  if (dumped && typeof dumped === 'object') {
    const name = typeof dumped.name === 'string' ? dumped.name : 'Error';
    const message = typeof dumped.message === 'string' ? dumped.message : JSON.stringify(dumped);
    const error = new AuthorError(message === 'interrupted' ? 'The function ran out of time.' : `${name}: ${message}`);
    error.line = lineOf(dumped);
    if (name === 'InternalError' && /out of memory/.test(message)) error.message = 'The function ran out of memory.';
    if (name === 'InternalError' && /stack overflow/.test(message)) error.message = 'The function recursed too deeply (stack overflow).';
    return error;
  }
  return new AuthorError(`The function threw a value that is not an Error: ${String(dumped).slice(0, 200)}`);
}

function lineOf(dumped) {
  if (typeof dumped.lineNumber === 'number') return dumped.lineNumber;
  const match = typeof dumped.stack === 'string' ? /function\.js:(\d+)/.exec(dumped.stack) : null;
  return match ? Number(match[1]) : null;
}

function settle(context, runtime, value) {
  const state = context.getPromiseState(value);
  if (state.type === 'fulfilled' && state.notAPromise) return value;
  runtime.executePendingJobs();
  const after = context.getPromiseState(value);
  value.dispose();
  if (after.type === 'pending') throw new AuthorError('The function returned a Promise that never settled.');
  if (after.type === 'rejected') {
    const dumped = context.dump(after.error);
    after.error.dispose();
    throw authorError(dumped);
  }
  return after.value;
}

function serialise(context, value, outputBytes) {
  if (context.typeof(value) === 'undefined') {
    value.dispose();
    throw new AuthorError('The function returned nothing: end it with `return <value>` (null if there is nothing to return).');
  }
  const stringify = unwrap(context, context.evalCode('(v) => JSON.stringify(v)', 'host.js'));
  const result = context.callFunction(stringify, context.undefined, value);
  stringify.dispose();
  value.dispose();
  const handle = unwrap(context, result);
  if (context.typeof(handle) !== 'string') {
    handle.dispose();
    throw new AuthorError('The function returned a value that cannot be sent as JSON (a function or a symbol).');
  }
  const text = context.getString(handle);
  handle.dispose();
  if (Buffer.byteLength(text) > outputBytes) throw new AuthorError(`The function returned more than ${outputBytes} bytes.`);
  return text;
}

function memoryUsed(runtime) {
  try {
    const usage = runtime.dumpMemoryUsage();
    const match = /memory used\s+\d+\s+(\d+)/.exec(usage);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

parentPort.on('message', (job) => {
  let answer;
  try {
    answer = run(job);
  } catch (error) {
    // A trap inside the wasm module (its fixed heap exhausted) leaves the module unusable:
    // answer, then let the pool replace this worker.
    answer = { ok: false, error: /memory/i.test(String(error)) ? 'The function ran out of memory.' : 'The function could not run.', line: null, ms: 0, memoryBytes: null, fatal: true };
  }
  answer.heapBytes = memory.buffer.byteLength;
  parentPort.postMessage({ id: job.id, ...answer });
});
parentPort.postMessage({ ready: true });
