// Where a request's time goes inside the server, without a profiler's distortion: loaded into the
// server process (BENCH_NODE_ARGS="--import <this file>" with bench/table.ts, BENCH_SERVER_LOG to keep
// what it prints), it times each HTTP request from its arrival to the first write to a database
// socket ("pre"), and from the database's first answer to res.end ("post"); GET /health is timed whole.
// Every 1,500 timed requests (and on SIGUSR2) it prints their p25/p50 and starts again.
// For a finer split, a temporary `globalThis.__mark?.('name')` anywhere in the server adds a mark:
// printed as the time since the request arrived (MARKS) and, per request, as the step from the
// mark before it, the database's write and answer counted as marks `db-write` and `db-answer`
// (STEPS: the median of each step, in the order they came).
import http from 'node:http';
import net from 'node:net';

const DB_PORTS = new Set((process.env.BENCH_PHASE_DB_PORTS ?? '3306,5432').split(',').map(Number));
const REPORT_EVERY = 1500;

let samples = { pre: [], post: [], total: [], health: [] };
let marks = {};
let steps = {};
/** The request being timed: the bench sends one at a time, so one is enough. */
let current = null;

function mark(timed, name, now = performance.now()) {
  (marks[name] ??= []).push(now - timed.start);
  timed.marks.push([name, now]);
}
globalThis.__mark = (name) => {
  if (current === null || current.health) return;
  mark(current, name);
};

/** A request's marks as steps, each from the mark before it (the first from its arrival). */
function addSteps(timed, end) {
  let [previousName, previous] = ['arrival', timed.start];
  for (const [name, at] of [...timed.marks, ['res.end', end]]) {
    const step = `${previousName}>${name}`;
    (steps[step] ??= { values: [], at: [] }).values.push(at - previous);
    steps[step].at.push(at - timed.start);
    [previousName, previous] = [name, at];
  }
}

const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.floor(values.length * p)];
const us = (ms) => (ms === undefined ? '-' : `${(1000 * ms).toFixed(0)}us`);

function report() {
  const line = (entries) => entries.map(([name, values]) => `${name} n=${values.length} p25=${us(percentile(values, 0.25))} p50=${us(percentile(values, 0.5))}`).join(' | ');
  process.stdout.write(`PHASES ${line(Object.entries(samples))}\n`);
  const marked = Object.entries(marks).sort(([, a], [, b]) => percentile(a, 0.5) - percentile(b, 0.5));
  if (marked.length > 0) process.stdout.write(`MARKS ${marked.map(([name, values]) => `${name}=${us(percentile(values, 0.5))}`).join(' ')}\n`);
  const stepped = Object.entries(steps).sort(([, a], [, b]) => percentile(a.at, 0.5) - percentile(b.at, 0.5));
  if (marked.length > 0) process.stdout.write(`STEPS ${stepped.map(([name, { values }]) => `${name}=${us(percentile(values, 0.5))}${values.length < REPORT_EVERY ? `(n=${values.length})` : ''}`).join(' ')}\n`);
  samples = { pre: [], post: [], total: [], health: [] };
  marks = {};
  steps = {};
}
process.on('SIGUSR2', report);

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, request, response) {
  if (event === 'request') {
    const timed = { start: performance.now(), health: request.url === '/health', queried: 0, answered: 0, marks: [] };
    current = timed;
    const end = response.end;
    response.end = function (...args) {
      const now = performance.now();
      if (timed.health) samples.health.push(now - timed.start);
      else if (timed.answered !== 0) {
        samples.pre.push(timed.queried - timed.start);
        samples.post.push(now - timed.answered);
        samples.total.push(now - timed.start);
        addSteps(timed, now);
        if (samples.total.length >= REPORT_EVERY) report();
      }
      return end.apply(this, args);
    };
  }
  return emit.apply(this, arguments);
};

const write = net.Socket.prototype.write;
net.Socket.prototype.write = function (...args) {
  const timed = current;
  if (timed !== null && !timed.health && timed.queried === 0 && DB_PORTS.has(this.remotePort)) {
    timed.queried = performance.now();
    mark(timed, 'db-write', timed.queried);
    this.once('data', () => {
      if (timed.answered !== 0) return;
      timed.answered = performance.now();
      mark(timed, 'db-answer', timed.answered);
    });
  }
  return write.apply(this, args);
};
