/**
 * Summarises a V8 CPU profile (.cpuprofile, from `node --cpu-prof` or `npm run bench:append -- --profile`):
 * self time by function and by package/folder, and inclusive time of the product's own functions.
 *
 *   npx tsx bench/profile-summary.ts bench/.profiles/http-postgres/CPU.*.cpuprofile [--top=25]
 */
import { readFileSync } from 'node:fs';

/** The repository this script belongs to, as profiles name its files (`file:///…/`): any worktree. */
const ROOT = new URL('..', import.meta.url).href;

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const args = process.argv.slice(2);
const top = Number(args.find((a) => a.startsWith('--top='))?.slice(6) ?? 25);
const files = args.filter((a) => !a.startsWith('--'));
if (files.length === 0) {
  console.error('usage: tsx bench/profile-summary.ts <file.cpuprofile> [--top=N]');
  process.exit(1);
}

for (const file of files) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

  const fnKey = (f: CallFrame) => `${f.functionName || '(anonymous)'} ${shortUrl(f.url)}${f.url ? `:${f.lineNumber + 1}` : ''}`;
  const selfByFn = new Map<string, number>();
  const selfByArea = new Map<string, number>();
  const inclusiveOwn = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const node = byId.get(id)!;
    add(selfByFn, fnKey(node.callFrame), us);
    add(selfByArea, area(node.callFrame), us);
    // Inclusive time of the product's own functions (each counted once per stack).
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const frame = byId.get(cur)!.callFrame;
      if (!isOwn(frame.url)) continue;
      const key = fnKey(frame);
      if (seen.has(key)) continue;
      seen.add(key);
      add(inclusiveOwn, key, us);
    }
  }

  console.log(`\n${file}: ${(total / 1e6).toFixed(2)} s sampled of ${((profile.endTime - profile.startTime) / 1e6).toFixed(2)} s`);
  print('self time by area', selfByArea, total, top);
  print('self time by function', selfByFn, total, top);
  print("inclusive time of the product's functions", inclusiveOwn, total, top);
}

function add(map: Map<string, number>, key: string, us: number): void {
  map.set(key, (map.get(key) ?? 0) + us);
}

function print(title: string, map: Map<string, number>, total: number, n: number): void {
  console.log(`\n  ${title}`);
  for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, n)) {
    console.log(`  ${((100 * us) / total).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(7)} ms  ${key}`);
  }
}

function shortUrl(url: string): string {
  const i = url.indexOf('/node_modules/');
  if (i >= 0) return url.slice(i + '/node_modules/'.length);
  return url.startsWith(ROOT) ? url.slice(ROOT.length) : url;
}

function isOwn(url: string): boolean {
  return url.startsWith(ROOT) && !url.includes('/node_modules/');
}

/** A package (node_modules), a workspace folder, node internals, or V8 states such as (garbage collector). */
function area(f: CallFrame): string {
  if (!f.url) return f.functionName.startsWith('(') ? f.functionName : '(native)';
  if (f.url.startsWith('node:')) return 'node internals';
  const nm = f.url.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const rest = f.url.slice(nm + '/node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const own = shortUrl(f.url).split('/');
  return `${own[0]}/${own.slice(1, -1).join('/')}`;
}
