/**
 * npm run bench:append [-- --only=append,lag,http,processes] [--db=pglite,postgres] [--rounds=2] [--waits] [--profile]
 *
 * Measures the event store's append throughput, the projection lag under a steady command rate and
 * POST /api/orders under load, on PGlite (in memory) and, when DATABASE_URL is set, on PostgreSQL
 * (a fresh database per measurement, dropped afterwards). Prints one table per database. A benchmark
 * reports; it exits 0 whatever the figures. See bench/README.md.
 *
 *   --waits      PostgreSQL: sample pg_stat_activity during each measurement and print where backends wait
 *   --profile    V8 CPU profile of the HTTP server process during the measured run, to bench/.profiles/
 *                (summarise with `npx tsx bench/profile-summary.ts bench/.profiles/http-postgres.cpuprofile`)
 *   processes    PostgreSQL: the 16 writers as 1 and as 3 separate processes, Dispo's store against
 *                Emmett's (bench/emmett, installed by `npm run bench:emmett-install`), alternating
 *                runs, `--rounds` times (default 2); with the correctness checks of every Dispo run
 */
import { mkdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { benchAppendProcesses, type ProcessesRun } from './append-processes';
import { type AppendFigures, benchAppend } from './append-throughput';
import { type Cost, CpuPressure } from './cost';
import { benchHttp, type HttpFigures } from './http-load';
import { benchLag, type LagFigures } from './projection-lag';
import { int, latencyTriple, ms, renderTable } from './stats';

type Kind = 'pglite' | 'postgres';
type Part = 'append' | 'lag' | 'http' | 'processes';

const TARGETS = {
  appendConcurrent: 3000,
  /** Dispo's events/s over Emmett's, same server and workload (issue 20). */
  vsEmmettOneProcess: 2.5,
  vsEmmettThreeProcesses: 1.5,
  lagP95: 50,
  httpRps: 800,
  httpP95: 60,
};

const SETTINGS = {
  appendSeconds: 5,
  streams: 1000,
  writers: 16,
  lagRate: 300,
  lagSeconds: 10,
  // A short unsaturated phase first, for reference: the lag when commands do not queue.
  lagReferenceRate: 50,
  lagReferenceSeconds: 4,
  pollEvery: 10,
  // Above this many commands in flight the system is saturated; further ones are skipped (and counted).
  lagMaxInFlight: 600,
  httpConnections: 32,
  httpSeconds: 5,
  // Order numbers S+YYMMDD-NNNN are drawn from 10,000 per day and database; stay well below.
  httpMaxRequests: 4000,
  processesSeconds: 8,
  processCounts: [1, 3],
};

interface Flags {
  parts: Part[];
  kinds: Kind[];
  waits: boolean;
  profile: boolean;
  rounds: number;
}

interface Figures {
  kind: Kind;
  version?: string;
  append?: AppendFigures;
  lag?: { bus: string; phases: LagFigures[] };
  http?: HttpFigures;
  processes?: ProcessesRun[];
  notes: string[];
  errors: string[];
  /** Share of wall time in which runnable tasks of the host waited for a CPU (Linux PSI). */
  cpuPressure: number;
}

function parseArgs(argv: string[]): Flags {
  const value = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const list = <T extends string>(name: string, all: readonly T[]): T[] => {
    const raw = value(name);
    if (!raw) return [...all];
    const picked = raw.split(',').map((s) => s.trim());
    const unknown = picked.filter((p) => !all.includes(p as T));
    if (unknown.length > 0) throw new Error(`--${name}: unknown ${unknown.join(', ')} (one of ${all.join(', ')})`);
    return picked as T[];
  };
  const known = ['--only=', '--db=', '--rounds=', '--waits', '--profile'];
  const unknown = argv.filter((a) => !known.some((k) => a === k || (k.endsWith('=') && a.startsWith(k))));
  if (unknown.length > 0) throw new Error(`unknown argument(s): ${unknown.join(' ')}`);
  return {
    parts: list<Part>('only', ['append', 'lag', 'http', 'processes']),
    kinds: list<Kind>('db', ['pglite', 'postgres']),
    waits: argv.includes('--waits'),
    profile: argv.includes('--profile'),
    rounds: Math.max(1, Number(value('rounds') ?? 2)),
  };
}

async function measure(kind: Kind, flags: Flags, profileDir: string | undefined): Promise<Figures> {
  const figures: Figures = { kind, notes: [], errors: [], cpuPressure: Number.NaN };
  const pressure = new CpuPressure();
  const waits = flags.waits && kind === 'postgres';
  const step = async (name: Part, fn: () => Promise<void>) => {
    if (!flags.parts.includes(name)) return;
    const t = Date.now();
    process.stderr.write(`[${kind}] ${name} …`);
    try {
      await fn();
      process.stderr.write(` ${((Date.now() - t) / 1000).toFixed(1)} s\n`);
    } catch (error) {
      process.stderr.write(' failed\n');
      figures.errors.push(`${name}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
  };
  await step('append', async () => {
    figures.append = await benchAppend({
      kind,
      seconds: SETTINGS.appendSeconds,
      streams: SETTINGS.streams,
      writers: SETTINGS.writers,
      waits,
    });
    figures.notes.push(...figures.append.waits);
  });
  if (kind === 'postgres')
    await step('processes', async () => {
      figures.processes = await benchAppendProcesses(
        {
          seconds: SETTINGS.processesSeconds,
          streams: SETTINGS.streams,
          writers: SETTINGS.writers,
          processes: SETTINGS.processCounts,
          rounds: flags.rounds,
          engines: ['dispo', 'emmett'],
        },
        (line) => process.stderr.write(`\n  ${line}`),
      );
    });
  await step('lag', async () => {
    const { version, ...lag } = await benchLag({
      kind,
      phases: [
        { rate: SETTINGS.lagReferenceRate, seconds: SETTINGS.lagReferenceSeconds },
        { rate: SETTINGS.lagRate, seconds: SETTINGS.lagSeconds },
      ],
      pollEvery: SETTINGS.pollEvery,
      maxInFlight: SETTINGS.lagMaxInFlight,
      waits,
    });
    figures.version = version;
    figures.lag = lag;
    for (const phase of lag.phases) {
      figures.notes.push(...phase.waits);
      if (phase.firstError) figures.notes.push(`  lag @ ${phase.target}/s: first failed command: ${phase.firstError}`);
    }
  });
  await step('http', async () => {
    figures.http = await benchHttp({
      kind,
      connections: SETTINGS.httpConnections,
      seconds: SETTINGS.httpSeconds,
      maxRequests: SETTINGS.httpMaxRequests,
      profileFile: profileDir && `${profileDir}/http-${kind}.cpuprofile`,
      waits,
    });
    figures.version = figures.http.version;
    figures.notes.push(...figures.http.waits);
  });
  figures.cpuPressure = pressure.share();
  return figures;
}

/** What one unit of work cost: SQL statements and CPU time of Node and of the PostgreSQL backends. */
function costPer(cost: Cost, n: number, unit: string): string {
  const pg = Number.isFinite(cost.pgCpuMs) ? ` + PostgreSQL ${ms(cost.pgCpuMs / n)} ms` : '';
  return `per ${unit}: ${(cost.statements / n).toFixed(1)} SQL statements (${(cost.transactions / n).toFixed(2)} explicit transactions), CPU node ${ms(cost.nodeCpuMs / n)} ms${pg}`;
}

function verdict(ok: boolean, kind: Kind): string {
  if (kind !== 'postgres') return ok ? '(met; target is for PostgreSQL)' : '(target is for PostgreSQL)';
  return ok ? 'MET' : 'MISSED';
}

/** One row per run, then per process count Dispo's figure over Emmett's of the same round (adjacent runs). */
function processesRows(runs: ProcessesRun[]): string[][] {
  const rows = runs.map((r) => [
    `append, ${SETTINGS.writers} writers in ${r.processes} process${r.processes > 1 ? 'es' : ''}, ${r.engine}`,
    `${int(r.perSecond)} events/s`,
    `${int(r.events)} appends in ${r.seconds.toFixed(1)} s; append p50/p95/p99 ${latencyTriple(r.latency)}; CPU per append: node ${ms(r.nodeCpuMs)} ms + PostgreSQL ${ms(r.pgCpuMs)} ms` +
      (r.delivery ? `; commit -> seen by a subscriber in another process p50/p95/p99 ${latencyTriple(r.delivery)}` : '') +
      (r.engine === 'dispo' || r.problems.length > 0
        ? `; checks: ${r.problems.length === 0 ? 'every event delivered once, versions contiguous and in log order' : `FAILED ${r.problems.join('; ')}`}`
        : ''),
    '',
  ]);
  for (const processes of SETTINGS.processCounts) {
    const ours = runs.filter((r) => r.engine === 'dispo' && r.processes === processes);
    const theirs = runs.filter((r) => r.engine === 'emmett' && r.processes === processes);
    const ratios = ours.map((r, i) => (theirs[i] ? r.perSecond / theirs[i].perSecond : Number.NaN)).filter(Number.isFinite);
    if (ratios.length === 0) continue;
    const mean = ratios.reduce((a, b) => a + b, 0) / ratios.length;
    const target = processes === 1 ? TARGETS.vsEmmettOneProcess : TARGETS.vsEmmettThreeProcesses;
    rows.push([
      `Dispo / Emmett, ${processes} process${processes > 1 ? 'es' : ''}`,
      `${mean.toFixed(2)}×`,
      `per round ${ratios.map((x) => `${x.toFixed(2)}×`).join(', ')}`,
      `>= ${target}× ${verdict(mean >= target, 'postgres')}`,
    ]);
  }
  return rows;
}

function report(f: Figures): string {
  const rows: string[][] = [];
  const a = f.append;
  if (a) {
    rows.push([
      'append, 1 stream, sequential',
      `${int(a.single.perSecond)} events/s`,
      `${int(a.single.events)} appends in ${a.single.seconds.toFixed(1)} s; append p50/p95/p99 ${latencyTriple(a.single.latency)}; ${costPer(a.single.cost, a.single.events, 'append')}`,
      '',
    ]);
    rows.push([
      `append, ${int(a.streams)} streams, ${a.writers} writers`,
      `${int(a.multi.perSecond)} events/s`,
      `${int(a.multi.events)} appends in ${a.multi.seconds.toFixed(1)} s; append p50/p95/p99 ${latencyTriple(a.multi.latency)}; ${costPer(a.multi.cost, a.multi.events, 'append')}`,
      `>= ${int(TARGETS.appendConcurrent)}/s ${verdict(a.multi.perSecond >= TARGETS.appendConcurrent, f.kind)}`,
    ]);
  }
  for (const l of f.lag?.phases ?? []) {
    const saturated = l.skipped > 0 ? `, ${int(l.skipped)} skipped (${SETTINGS.lagMaxInFlight} in flight: saturated)` : '';
    const main = l.target === SETTINGS.lagRate;
    rows.push([
      `projection lag @ ${l.target}/s (notice)${main ? '' : ', reference'}`,
      `p50/p95/p99 ${latencyTriple(l.notice)}`,
      `append commit -> dispo.orders.new_order received (${f.lag!.bus} bus); max ${ms(l.notice.max)} ms; ${int(l.sent)} orders started at ${int(l.rate)}/s${saturated}; ${l.failed} failed, ${l.missing} without notice`,
      main ? `p95 < ${TARGETS.lagP95} ms ${verdict(l.notice.p95 < TARGETS.lagP95 && l.missing === 0 && l.skipped === 0, f.kind)}` : '',
    ]);
    rows.push([
      `projection lag @ ${l.target}/s (poll)`,
      `p50/p95/p99 ${latencyTriple(l.poll)}`,
      `append commit -> row found by SELECT on read.orders (polled every ~1 ms), every ${SETTINGS.pollEvery}th order, two at a time at most (${l.poll.count})`,
      '',
    ]);
    rows.push([
      `create-order command @ ${l.target}/s`,
      `p50/p95/p99 ${latencyTriple(l.command)}`,
      `orderCommands().createOrder (cached references, decide, one append: order + number reservation + reference checks); whole process ${costPer(l.cost, l.sent, 'order')}`,
      '',
    ]);
  }
  rows.push(...processesRows(f.processes ?? []));
  const h = f.http;
  if (h) {
    rows.push([
      `POST /api/orders, ${SETTINGS.httpConnections} connections`,
      `${int(h.perSecond)} req/s`,
      `${int(h.requests)} requests in ${h.seconds.toFixed(1)} s; ${h.non2xx} non-2xx, ${h.errors} errors/timeouts; status ${JSON.stringify(h.statusCodes)}`,
      `>= ${TARGETS.httpRps}/s ${verdict(h.perSecond >= TARGETS.httpRps, f.kind)}`,
    ]);
    rows.push([
      'POST /api/orders latency',
      `p50/p95/p99 ${latencyTriple(h.latency)}`,
      `max ${ms(h.latency.max)} ms; ${int(h.orders)} orders in read.orders afterwards (${h.warmup} of them warm-up); server ${costPer(h.cost, h.requests, 'request')}`,
      `p95 < ${TARGETS.httpP95} ms ${verdict(h.latency.p95 < TARGETS.httpP95, f.kind)}`,
    ]);
  }
  const title =
    f.kind === 'postgres' ? `PostgreSQL (${hostOf(process.env.DATABASE_URL)}, fresh database per measurement)` : 'PGlite (in memory)';
  const pressure = Number.isFinite(f.cpuPressure)
    ? `; host CPU pressure ${(100 * f.cpuPressure).toFixed(0)}% (time some task waited for a CPU)`
    : '';
  const lines = [
    `== ${title}${f.version ? ` — ${f.version.split(' on ')[0]}` : ''}${pressure}`,
    renderTable(['measurement', 'result', 'details', 'target'], rows),
  ];
  if (f.notes.length > 0) lines.push('', ...f.notes);
  for (const e of f.errors) lines.push(`ERROR ${e}`);
  return lines.join('\n');
}

function hostOf(url: string | undefined): string {
  try {
    const u = new URL(url ?? '');
    return `${u.hostname}:${u.port || 5432}`;
  } catch {
    return 'DATABASE_URL';
  }
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

const flags = parseArgs(process.argv.slice(2));
const profileDir = flags.profile ? fileURLToPath(new URL('./.profiles', import.meta.url)) : undefined;
if (profileDir) mkdirSync(profileDir, { recursive: true });
const started = Date.now();
const loadBefore = load();
const reports: string[] = [];
for (const kind of flags.kinds) {
  if (kind === 'postgres' && !process.env.DATABASE_URL) {
    reports.push('== PostgreSQL: skipped (DATABASE_URL is not set)');
    continue;
  }
  reports.push(report(await measure(kind, flags, profileDir)));
}
console.log(
  `\nDispo benchmarks — ${new Date().toISOString()}, node ${process.version}, ${cpus().length} CPUs, load average ${loadBefore} before / ${load()} after, bus: ${process.env.NATS_URL ? 'nats' : 'in-process'}\n`,
);
console.log(`${reports.join('\n\n')}\n\ntotal ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(0);
