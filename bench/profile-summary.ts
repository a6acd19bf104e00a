// Summarises a V8 .cpuprofile (node --cpu-prof; bench/table.ts writes one with BENCH_CPU_PROF):
// the top frames by self time and by total time, and optionally the folded stacks
// ("a;b;c <µs>" lines, the input of any flame graph tool).
// Run: npx tsx profile-summary.ts <file.cpuprofile> [--top 25] [--folded out.folded] [--match text]
//   --match keeps only the samples whose stack holds a frame containing `text` (e.g. a route's file).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

interface CallFrame { functionName: string; url: string; lineNumber: number }
interface ProfileNode { id: number; callFrame: CallFrame; children?: number[] }
interface CpuProfile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
};
const file = args[0];
if (file === undefined) throw new Error('usage: profile-summary.ts <file.cpuprofile> [--top n] [--folded out] [--match text]');
const top = Number(option('--top') ?? 25);
const match = option('--match');
const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

/** A frame's short name: function, file (from node_modules on, or its last two parts) and line. */
function frameName({ functionName, url, lineNumber }: CallFrame): string {
  const name = functionName === '' ? '(anonymous)' : functionName;
  if (url === '') return name;
  const modules = url.lastIndexOf('node_modules/');
  const where = modules === -1 ? url.split(path.sep).slice(-2).join('/') : url.slice(modules + 'node_modules/'.length);
  return `${name} ${where.replace(/^file:\/\//, '')}:${lineNumber + 1}`;
}

const stackOf = new Map<number, string[]>();
function stack(id: number): string[] {
  const known = stackOf.get(id);
  if (known !== undefined) return known;
  const node = byId.get(id) as ProfileNode;
  const up = parent.get(id);
  const frames = [...(up === undefined ? [] : stack(up)), frameName(node.callFrame)];
  stackOf.set(id, frames);
  return frames;
}

const self = new Map<string, number>();
const total = new Map<string, number>();
const folded = new Map<string, number>();
let all = 0;
let idle = 0;
profile.samples.forEach((id, i) => {
  const micros = profile.timeDeltas[i] ?? 0;
  const frames = stack(id);
  const leaf = frames[frames.length - 1] as string;
  if (leaf.startsWith('(idle)')) {
    idle += micros;
    return;
  }
  if (match !== undefined && !frames.some((f) => f.includes(match))) return;
  all += micros;
  self.set(leaf, (self.get(leaf) ?? 0) + micros);
  for (const frame of new Set(frames)) total.set(frame, (total.get(frame) ?? 0) + micros);
  const key = frames.filter((f) => f !== '(root)').join(';');
  folded.set(key, (folded.get(key) ?? 0) + micros);
});

const rows = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]).slice(0, top)
  .map(([name, micros]) => `  ${(micros / 1000).toFixed(0).padStart(7)} ms ${((micros / all) * 100).toFixed(1).padStart(5)}%  ${name}`).join('\n');
console.log(`${path.basename(file)}: ${(all / 1000).toFixed(0)} ms on the CPU${match === undefined ? '' : ` in stacks holding "${match}"`}, ${(idle / 1000).toFixed(0)} ms idle`);
console.log(`top ${top} by self time:\n${rows(self)}`);
console.log(`top ${top} by total time:\n${rows(total)}`);
const out = option('--folded');
if (out !== undefined) {
  writeFileSync(out, [...folded].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`).join('\n') + '\n');
  console.log(`folded stacks written to ${out}`);
}
