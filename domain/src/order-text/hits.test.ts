import { describe, expect, it } from 'vitest';
import { preparedCatalogue } from './catalogue-index';
import { HitCollector } from './hits';
import { RANKED_PER_KIND } from './rank-key';
import { benchSentences, largeCatalogue } from './testing/large-catalogue';
import { worstCases } from './testing/worst-cases';
import { lowerInPlace, tokenize } from './text';

/**
 * The hit collector passes over records that only one posting touches and that trail their hit
 * (VocabHit.trailing). It must rank as a collector that adds every posting: the same records in
 * the same order, the same bounds (but for the last bit of a sum), the same hits in the order of the text.
 */
describe('collectHits: records passed over', () => {
  const catalogue = largeCatalogue(42);
  const prepared = preparedCatalogue(catalogue);
  const passing = new HitCollector(prepared);
  const adding = new HitCollector(prepared, { passOver: false });
  const texts = [
    ...benchSentences(catalogue, 400, 5).map((s) => s.text),
    ...worstCases(catalogue, ['Kies', 'Sand', 'Beton', 'Silo 1', 'Halde', 'Bau', 'GmbH', 'Berlin', 'Hamburg'], 2000),
  ];

  it('ranks the same records, with the same bounds and hits, as adding every posting', () => {
    let passedOver = 0;
    let largeHits = 0;
    for (const text of texts) {
      const tokens = tokenize(lowerInPlace(text));
      const gapBefore = tokens.map(() => false);
      const a = passing.collect(tokens, gapBefore);
      const rankedA = structuredClone(a.ranked);
      const bounds = Object.values(rankedA).flat().map((e) => a.bound[e]);
      const hitsA = Object.values(rankedA).flat().map((e) => a.hitsOf(e));
      const b = adding.collect(tokens, gapBefore);
      expect(rankedA, text).toEqual(b.ranked);
      // A trailing share is added after the record's later hits: its sum may differ in the last bit.
      const boundsAdding = Object.values(b.ranked).flat().map((e) => b.bound[e]!);
      bounds.forEach((bound, k) => expect(bound, text).toBeCloseTo(boundsAdding[k]!, 12));
      expect(hitsA, text).toEqual(Object.values(b.ranked).flat().map((e) => b.hitsOf(e)));
      passedOver += touchedCount(adding) - touchedCount(passing);
      for (const kind of ['material', 'customer'] as const) if (b.ranked[kind].length === RANKED_PER_KIND[kind]) largeHits++;
    }
    // The comparison means something only where windows fill and records are passed over.
    expect(largeHits).toBeGreaterThan(100);
    expect(passedOver).toBeGreaterThan(1000);
  });
});

function touchedCount(collector: HitCollector): number {
  return (collector as unknown as { touchedCount: number }).touchedCount;
}
