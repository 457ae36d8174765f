/**
 * npx tsx bench/parse-versus.ts <other checkout> [--sentences=2000 --passes=8]
 *
 * parseOrderText of this checkout against the one of another checkout of the repository (e.g. a
 * worktree of main: `git worktree add --detach ../base main`, its node_modules linked or installed),
 * in one process on one core: the same sentences and catalogue as `bench:parse`, parsed in chunks
 * of 200 by the two in turn (A B B A, then B A A B), by CPU time. On a shared, loaded machine the
 * absolute figures of two runs after each other differ by more than a change is worth; the ratio of
 * two versions measured side by side in one process holds. The two share the garbage collector: a
 * version that leaves more garbage makes the other pay part of it, so check a change in garbage with
 * separate processes too. Prints first whether the two give the same
 * results for every sentence and worst case, then sentences per second of each (median of the passes),
 * their ratio per pass, p50/p95/p99 per sentence (each sentence timed by both in turn) and the worst
 * cases of 2,000 characters (median of fifteen calls each). A benchmark reports; it exits 0 whatever
 * the figures.
 */
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as here from '@dispo/domain/order-text/index';
import { benchSentences, largeCatalogue } from '@dispo/domain/order-text/testing/large-catalogue';
import { worstCases } from '@dispo/domain/order-text/testing/worst-cases';
import { int, latencyTriple, ms, percentiles, renderTable } from './stats';

const other = process.argv[2];
if (!other || other.startsWith('--')) throw new Error('usage: npx tsx bench/parse-versus.ts <other checkout> [--sentences=2000 --passes=8]');
const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const SENTENCES = Number(arg('sentences', '2000'));
const PASSES = Math.max(1, Number(arg('passes', '8')));
const SEED = 42;
const REFERENCE_DATE = '2026-11-20';
const CHUNK = 200;
const WORST_CASE_LENGTH = 2000;
const WORST_CASE_CALLS = 15;

type Parse = typeof here.parseOrderText;
const there = (await import(pathToFileURL(resolve(other, 'domain/src/order-text/index.ts')).href)) as typeof here;

function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

// One catalogue object each: each version prepares (and caches) its own index of it.
const catalogueHere = largeCatalogue(SEED);
const catalogueThere = largeCatalogue(SEED);
const sentences = benchSentences(catalogueHere, SENTENCES, SEED + 1).map((s) => s.text);
const words = [...new Set(sentences.flatMap((t) => t.split(/\s+/)))].slice(0, 400);
const worst = worstCases(catalogueHere, words, WORST_CASE_LENGTH);
const versions: readonly { name: string; parse: Parse; catalogue: typeof catalogueHere }[] = [
  { name: 'this checkout', parse: here.parseOrderText, catalogue: catalogueHere },
  { name: other, parse: there.parseOrderText, catalogue: catalogueThere },
];
const parseWith = (v: number, text: string) => versions[v]!.parse(text, versions[v]!.catalogue, REFERENCE_DATE);

const differing = [...sentences, ...worst].filter((t) => JSON.stringify(parseWith(0, t)) !== JSON.stringify(parseWith(1, t)));
console.log(`\nresults that differ: ${differing.length} of ${sentences.length + worst.length} texts`);
for (const t of differing.slice(0, 5)) console.log(`  ${JSON.stringify(t.slice(0, 100))}`);

for (let round = 0; round < 2; round++) for (const t of sentences) for (let v = 0; v < 2; v++) parseWith(v, t);

const perSecond: [number[], number[]] = [[], []];
const ratios: number[] = [];
for (let pass = 0; pass < PASSES; pass++) {
  const spent = [0, 0];
  for (let start = 0; start < sentences.length; start += CHUNK) {
    const chunk = sentences.slice(start, start + CHUNK);
    const order = (start / CHUNK + pass) % 2 === 0 ? [0, 1, 1, 0] : [1, 0, 0, 1];
    for (const v of order) {
      const t0 = cpuMs();
      for (const t of chunk) parseWith(v, t);
      spent[v]! += cpuMs() - t0;
    }
  }
  for (let v = 0; v < 2; v++) perSecond[v]!.push((2 * sentences.length) / (spent[v]! / 1000));
  ratios.push(spent[1]! / spent[0]!);
}

const each: [number[], number[]] = [[], []];
sentences.forEach((t, i) => {
  for (const v of i % 2 === 0 ? [0, 1] : [1, 0]) {
    const t0 = cpuMs();
    parseWith(v, t);
    each[v]!.push(cpuMs() - t0);
  }
});

const median = (values: readonly number[]) => percentiles(values).p50;
console.log(
  `\nparseOrderText, ${int(sentences.length)} sentences, ${PASSES} passes in chunks of ${CHUNK} by turns, CPU time; load average ${loadavg()[0]!.toFixed(2)}`,
);
console.log(
  renderTable(
    ['version', 'sentences/s (median of passes)', 'p50 / p95 / p99 per sentence'],
    versions.map((v, i) => [v.name, int(median(perSecond[i as 0 | 1])), latencyTriple(percentiles(each[i as 0 | 1]))]),
  ),
);
console.log(`speed of this checkout against the other: ${median(ratios).toFixed(2)}× (passes ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`);

const worstRows = worst.map((text) => {
  const times: [number[], number[]] = [[], []];
  for (let call = 0; call < WORST_CASE_CALLS; call++) {
    for (let v = 0; v < 2; v++) {
      const t0 = cpuMs();
      parseWith(v, text);
      times[v]!.push(cpuMs() - t0);
    }
  }
  return { text, here: median(times[0]), there: median(times[1]) };
});
worstRows.sort((a, b) => Math.max(b.here, b.there) - Math.max(a.here, a.there));
console.log(`\nworst cases of ${int(WORST_CASE_LENGTH)} characters, median of ${WORST_CASE_CALLS} calls (CPU), slowest first`);
console.log(
  renderTable(
    ['text', 'this checkout', 'other'],
    worstRows.slice(0, 5).map((r) => [JSON.stringify(r.text.slice(0, 40)), `${ms(r.here)} ms`, `${ms(r.there)} ms`]),
  ),
);
