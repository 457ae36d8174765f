import { describe, expect, it } from 'vitest';
import { differences } from './fixtures/check';
import { FIXTURE_GROUPS, FIXTURE_REFERENCE_DATE, FIXTURE_SENTENCES } from './fixtures/index';
import { parseOrderText } from './parse-order-text';
import { demoCatalogue } from './testing/demo-catalogue';

/** The quality bar: at least this share of the fixture sentences fully right. */
const MIN_ACCURACY = 0.97;

/**
 * Sentences the parser still reads wrong, each with the reason. The test fails when any other
 * sentence goes wrong (a regression) and when one of these starts to pass (then it leaves the list).
 */
const KNOWN_MISSES: Record<string, string> = {};

const runs = FIXTURE_SENTENCES.map((sentence) => ({
  sentence,
  miss: differences(sentence, parseOrderText(sentence.text, demoCatalogue, FIXTURE_REFERENCE_DATE), demoCatalogue),
}));
const misses = runs.filter((r) => r.miss !== null);
const report = (list: typeof runs) => list.map((r) => `  ${JSON.stringify(r.sentence.text)}\n      ${r.miss}`).join('\n');

describe('the fixture of phone notes (issue quality bar)', () => {
  it('has at least 200 different sentences, in every theme, with orders and without', () => {
    expect(FIXTURE_SENTENCES.length).toBeGreaterThanOrEqual(200);
    expect(new Set(FIXTURE_SENTENCES.map((s) => s.text)).size).toBe(FIXTURE_SENTENCES.length);
    for (const [group, sentences] of Object.entries(FIXTURE_GROUPS)) expect(sentences.length, group).toBeGreaterThanOrEqual(10);
    expect(FIXTURE_SENTENCES.filter((s) => s.want === null).length).toBeGreaterThanOrEqual(20);
  });

  it(`reads at least ${MIN_ACCURACY * 100} % of the sentences fully right`, () => {
    const right = runs.length - misses.length;
    console.info(`order-text fixture: ${right} of ${runs.length} fully right (${((right / runs.length) * 100).toFixed(1)} %)`);
    if (misses.length > 0) console.info(`sentences read wrong:\n${report(misses)}`);
    expect(right / runs.length, `sentences read wrong:\n${report(misses)}`).toBeGreaterThanOrEqual(MIN_ACCURACY);
  });

  it('reads every sentence it read right before (no regression)', () => {
    const regressions = misses.filter((r) => !(r.sentence.text in KNOWN_MISSES));
    expect(regressions.length, `sentences read wrong that are not known misses:\n${report(regressions)}`).toBe(0);
  });

  it('lists as known misses only sentences that still go wrong', () => {
    const fixed = Object.keys(KNOWN_MISSES).filter((text) => !misses.some((r) => r.sentence.text === text));
    expect(fixed, 'read right now: remove from KNOWN_MISSES').toEqual([]);
  });
});
