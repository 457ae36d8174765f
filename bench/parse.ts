/**
 * npm run bench:parse [-- --sentences=5000 --seed=42 --passes=5] [--profile]
 *
 * parseOrderText (issue "German free-text order entry") on one core: a generated catalogue of 500
 * materials, 2,000 customers and 300 plants (deterministic seed), a few thousand varied phone notes
 * against it, parsed after two warm-up rounds. Prints sentences per second (target: at least 10,000)
 * and p50/p95/p99 per sentence, by the wall clock and by the process's CPU time (on a shared, loaded
 * machine the wall clock also counts the time other processes had the core). Sentences per second
 * come from passes of their own without clocks per sentence (reading the CPU time is a system call
 * that costs about 5 % of a parse): the median and the best of `--passes` passes, since on a shared
 * machine other processes' bursts slow single passes; the percentiles from a further pass that times
 * each sentence.
 * Also how often the material and the delivery plant, written in full, were recognised, and the
 * slowest of the fuzz test's worst cases of 2,000 characters (testing/worst-cases.ts; target: under
 * 5 ms), by the wall clock (see printWorstCases): the first call (its words not yet looked up) and the
 * median of five more. `--profile`
 * writes a V8 CPU profile of the throughput pass to bench/.profiles/parse.cpuprofile (summarise with
 * `npx tsx bench/profile-summary.ts bench/.profiles/parse.cpuprofile`). A benchmark reports; it exits
 * 0 whatever the figures.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseOrderText } from '@dispo/domain/order-text/index';
import { benchSentences, largeCatalogue } from '@dispo/domain/order-text/testing/large-catalogue';
import { worstCases } from '@dispo/domain/order-text/testing/worst-cases';
import { int, latencyTriple, ms, percentiles, renderTable } from './stats';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const SENTENCES = Number(arg('sentences', '5000'));
const SEED = Number(arg('seed', '42'));
const PASSES = Math.max(1, Number(arg('passes', '5')));
const REFERENCE_DATE = '2026-11-20';
const TARGET_PER_SECOND = 10_000;
const PROFILE = process.argv.includes('--profile');
const PROFILE_DIR = fileURLToPath(new URL('./.profiles', import.meta.url));
const WARMUP_ROUNDS = 2;
const WORST_CASE_LENGTH = 2000;
const WORST_CASE_TARGET_MS = 5;
const WORST_CASE_REPEATS = 5;

/** Milliseconds of CPU the process used (user + system). */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

function pct(part: number, whole: number): string {
  return whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(1)} %`;
}

/** A V8 CPU profile of what runs between start and the returned stop, written to bench/.profiles/parse.cpuprofile. */
async function startProfile(): Promise<() => Promise<string>> {
  const inspector = new Session();
  inspector.connect();
  await inspector.post('Profiler.enable');
  await inspector.post('Profiler.setSamplingInterval', { interval: 100 });
  await inspector.post('Profiler.start');
  return async () => {
    const { profile } = await inspector.post('Profiler.stop');
    inspector.disconnect();
    mkdirSync(PROFILE_DIR, { recursive: true });
    const file = `${PROFILE_DIR}/parse.cpuprofile`;
    writeFileSync(file, JSON.stringify(profile));
    return file;
  };
}

/** Wall-clock and CPU milliseconds of one call of `f`. */
function timesOf(f: () => void): { wall: number; cpu: number } {
  const cpuStart = cpuMs();
  const wallStart = performance.now();
  f();
  const wall = performance.now() - wallStart;
  return { wall, cpu: cpuMs() - cpuStart };
}

/**
 * The worst cases of 2,000 characters, slowest first: the first call of each and the median of more.
 * Judged by the wall clock, the time a caller waits (read it on a quiet machine): the process's CPU
 * time also counts V8's background threads (the optimising compiler recompiles what these unusual
 * texts deoptimised, concurrent marking), so on an idle machine it exceeds the wall clock by up to 2–3×.
 */
function printWorstCases(catalogue: ReturnType<typeof largeCatalogue>, texts: string[]): void {
  const words = [...new Set(texts.flatMap((t) => t.split(/\s+/)))].slice(0, 400);
  const rows = worstCases(catalogue, words, WORST_CASE_LENGTH).map((text) => {
    const first = timesOf(() => parseOrderText(text, catalogue, REFERENCE_DATE));
    const again = Array.from({ length: WORST_CASE_REPEATS }, () => timesOf(() => parseOrderText(text, catalogue, REFERENCE_DATE)));
    return { text, first, median: { wall: percentiles(again.map((t) => t.wall)).p50, cpu: percentiles(again.map((t) => t.cpu)).p50 } };
  });
  rows.sort((a, b) => b.median.wall - a.median.wall);
  const slowest = rows[0]!;
  console.log(
    `\nworst cases of ${int(WORST_CASE_LENGTH)} characters (${rows.length}), wall clock: slowest median ${ms(slowest.median.wall)} ms ` +
      `(target < ${WORST_CASE_TARGET_MS} ms: ${slowest.median.wall < WORST_CASE_TARGET_MS ? 'met' : 'missed'}), slowest first call ${ms(Math.max(...rows.map((r) => r.first.wall)))} ms; ` +
      `process CPU time (with V8's background threads) slowest median ${ms(Math.max(...rows.map((r) => r.median.cpu)))} ms`,
  );
  console.log(
    renderTable(
      ['text', 'first call: wall / CPU', `median of ${WORST_CASE_REPEATS}: wall / CPU`],
      rows.slice(0, 5).map((r) => [JSON.stringify(r.text.slice(0, 40)), `${ms(r.first.wall)} / ${ms(r.first.cpu)} ms`, `${ms(r.median.wall)} / ${ms(r.median.cpu)} ms`]),
    ),
  );
}

async function main(): Promise<void> {
  const catalogue = largeCatalogue(SEED);
  const sentences = benchSentences(catalogue, SENTENCES, SEED + 1);

  // The first parse prepares the catalogue's index (once per catalogue object, as in the service).
  const indexStart = performance.now();
  parseOrderText('Kies', catalogue, REFERENCE_DATE);
  const indexMs = performance.now() - indexStart;

  for (let round = 0; round < WARMUP_ROUNDS; round++) for (const { text } of sentences) parseOrderText(text, catalogue, REFERENCE_DATE);

  const stopProfile = PROFILE ? await startProfile() : null;
  const wallPasses: number[] = [];
  const cpuPasses: number[] = [];
  for (let pass = 0; pass < (PROFILE ? 1 : PASSES); pass++) {
    const wallStart = performance.now();
    const cpuStart = cpuMs();
    for (const { text } of sentences) parseOrderText(text, catalogue, REFERENCE_DATE);
    wallPasses.push(sentences.length / ((performance.now() - wallStart) / 1000));
    cpuPasses.push(sentences.length / ((cpuMs() - cpuStart) / 1000));
  }
  const profileFile = stopProfile ? await stopProfile() : null;
  const wallPerSecond = percentiles(wallPasses).p50;
  const cpuPerSecond = percentiles(cpuPasses).p50;

  const wall: number[] = [];
  const cpu: number[] = [];
  let orders = 0;
  let refused = 0;
  const seen = { material: 0, materialNamed: 0, plant: 0, plantNamed: 0 };
  for (const sentence of sentences) {
    const c0 = cpuMs();
    const t0 = performance.now();
    const result = parseOrderText(sentence.text, catalogue, REFERENCE_DATE);
    wall.push(performance.now() - t0);
    cpu.push(cpuMs() - c0);
    orders += result.orders.length;
    if (result.orders.length === 0) refused++;
    const [order] = result.orders;
    if (sentence.material) {
      seen.materialNamed++;
      if (order?.materialName === sentence.material) seen.material++;
    }
    if (sentence.deliveryPlant) {
      seen.plantNamed++;
      if (order?.deliveryPlantName === sentence.deliveryPlant) seen.plant++;
    }
  }
  const chars = sentences.reduce((sum, s) => sum + s.text.length, 0) / sentences.length;
  const verdict = (perSecond: number) => `${int(perSecond)} (${perSecond >= TARGET_PER_SECOND ? 'met' : 'missed'})`;

  console.log(
    `\nparseOrderText on one core: ${int(catalogue.materials.length)} materials, ${int(catalogue.customers.length)} customers, ` +
      `${int(catalogue.plants.length)} plants, ${int(catalogue.loadingPoints.length)} loading points (seed ${SEED}); ` +
      `${int(sentences.length)} sentences of ${chars.toFixed(0)} characters on average; index built in ${ms(indexMs)} ms; ` +
      `${cpus()[0]?.model ?? 'cpu'}, load average ${loadavg()[0]!.toFixed(2)} on ${cpus().length} cores`,
  );
  console.log(
    renderTable(
      ['clock', `sentences/s (median of ${wallPasses.length} passes)`, 'best pass', 'p50 / p95 / p99 per sentence', 'max', `target ≥ ${int(TARGET_PER_SECOND)}/s`],
      [
        ['wall', int(wallPerSecond), int(Math.max(...wallPasses)), latencyTriple(percentiles(wall)), `${ms(percentiles(wall).max)} ms`, verdict(wallPerSecond)],
        ['cpu', int(cpuPerSecond), int(Math.max(...cpuPasses)), latencyTriple(percentiles(cpu)), `${ms(percentiles(cpu).max)} ms`, verdict(cpuPerSecond)],
      ],
    ),
  );
  console.log(
    `\norders ${int(orders)}, texts without order ${int(refused)}; material recognised in ${pct(seen.material, seen.materialNamed)} ` +
      `of the notes naming one, delivery plant in ${pct(seen.plant, seen.plantNamed)}`,
  );
  printWorstCases(catalogue, sentences.map((s) => s.text));
  if (profileFile) console.log(`\nCPU profile of the throughput pass (the profiler slows it): ${profileFile}`);
}

await main();
