// The flags of node for the server's processes (`npm start`, `npm run worker`, bench/).
//
// A larger young generation: a request's garbage (parsed bodies, rows, answers) dies young,
// and with V8's default semi-space (16 MB) the scavenger ran often enough to take ~15% of a
// busy server's CPU. At 64 MB, 200 concurrent clients on a table search cost 0.49 ms of CPU
// per request instead of 0.59 (bench/table.ts, two alternated pairs, issue 19), for at most
// ~100 MB more memory under load. NODE_OPTIONS naming --max-semi-space-size wins.
export function serverNodeArgs(nodeOptions = process.env.NODE_OPTIONS ?? '') {
  return nodeOptions.includes('--max-semi-space-size') ? [] : ['--max-semi-space-size=64'];
}
