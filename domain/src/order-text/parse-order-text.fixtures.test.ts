import { describe, expect, it } from 'vitest';
import { differences } from './fixtures/check';
import { FIXTURE_GROUPS, FIXTURE_REFERENCE_DATE, FIXTURE_SENTENCES, type FixtureSentence, HELD_OUT, UNSEEN_2, UNSEEN_3, UNSEEN_4, UNSEEN_5, UNSEEN_6, UNSEEN_7 } from './fixtures/index';
import { parseOrderText } from './parse-order-text';
import { demoCatalogue } from './testing/demo-catalogue';

/** The quality bar: at least this share of each set's sentences fully right. */
const MIN_ACCURACY = 0.97;

/**
 * Sentences the parser still reads wrong, each with the reason. The test fails when any other
 * sentence goes wrong (a regression) and when one of these starts to pass (then it leaves the list).
 */
const KNOWN_MISSES: Record<string, string> = {
  'Moin Frank, Jan nochmal (Nordbeton). Sorry, hab vergessen: Dienstag auch noch 1 LKW Flugasche vom Hafen-Terminal nach Kiel, 13 Uhr.':
    '`vergessen` is kept as a note: the word may be part of a remark (`Lieferschein nicht vergessen`)',
};

/**
 * The tuned fixture, and the held-out sets written without reading the parser: the product owners
 * measure on notes nobody tuned for, so both must clear the bar on their own.
 */
const SETS: Record<string, readonly FixtureSentence[]> = {
  fixture: FIXTURE_SENTENCES,
  'held-out': HELD_OUT,
  'unseen-2': UNSEEN_2,
  'unseen-3': UNSEEN_3,
  'unseen-4': UNSEEN_4,
  'unseen-5': UNSEEN_5,
  'unseen-6': UNSEEN_6,
  'unseen-7': UNSEEN_7,
};

function run(sentences: readonly FixtureSentence[]) {
  return sentences.map((sentence) => ({
    sentence,
    miss: differences(sentence, parseOrderText(sentence.text, demoCatalogue, FIXTURE_REFERENCE_DATE), demoCatalogue),
  }));
}
type Run = ReturnType<typeof run>[number];

const report = (list: Run[]) => list.map((r) => `  ${JSON.stringify(r.sentence.text)}\n      ${r.miss}`).join('\n');

describe('the fixture of phone notes (issue quality bar)', () => {
  it('has at least 200 different sentences, in every theme, with orders and without', () => {
    expect(FIXTURE_SENTENCES.length).toBeGreaterThanOrEqual(200);
    for (const [group, sentences] of Object.entries(FIXTURE_GROUPS)) expect(sentences.length, group).toBeGreaterThanOrEqual(10);
    expect(FIXTURE_SENTENCES.filter((s) => s.want === null).length).toBeGreaterThanOrEqual(20);
  });

  it('has held-out sets of at least 120 sentences, with orders and without, no sentence in two sets', () => {
    for (const set of [HELD_OUT, UNSEEN_2, UNSEEN_4]) {
      expect(set.length).toBeGreaterThanOrEqual(120);
      expect(set.filter((s) => s.want === null).length).toBeGreaterThanOrEqual(20);
    }
    expect(UNSEEN_3.length).toBeGreaterThanOrEqual(50);
    expect(UNSEEN_5.length).toBeGreaterThanOrEqual(60);
    expect(UNSEEN_5.filter((s) => s.want === null).length).toBeGreaterThanOrEqual(10);
    expect(UNSEEN_6.length).toBeGreaterThanOrEqual(25);
    expect(UNSEEN_7.length).toBeGreaterThanOrEqual(50);
    expect(UNSEEN_7.filter((s) => s.want === null).length).toBeGreaterThanOrEqual(8);
    const all = Object.values(SETS).flatMap((set) => set.map((s) => s.text));
    expect(new Set(all).size).toBe(all.length);
  });

  for (const [name, sentences] of Object.entries(SETS)) {
    describe(name, () => {
      const runs = run(sentences);
      const misses = runs.filter((r) => r.miss !== null);

      it(`reads at least ${MIN_ACCURACY * 100} % of the sentences fully right`, () => {
        const right = runs.length - misses.length;
        console.info(`order-text ${name}: ${right} of ${runs.length} fully right (${((right / runs.length) * 100).toFixed(1)} %)`);
        if (misses.length > 0) console.info(`sentences read wrong:\n${report(misses)}`);
        expect(right / runs.length, `sentences read wrong:\n${report(misses)}`).toBeGreaterThanOrEqual(MIN_ACCURACY);
      });

      it('reads every sentence it read right before (no regression)', () => {
        const regressions = misses.filter((r) => !(r.sentence.text in KNOWN_MISSES));
        expect(regressions.length, `sentences read wrong that are not known misses:\n${report(regressions)}`).toBe(0);
      });
    });
  }

  it('lists as known misses only sentences that still go wrong', () => {
    const misses = new Set(run(Object.values(SETS).flat()).filter((r) => r.miss !== null).map((r) => r.sentence.text));
    const fixed = Object.keys(KNOWN_MISSES).filter((text) => !misses.has(text));
    expect(fixed, 'read right now: remove from KNOWN_MISSES').toEqual([]);
  });
});
