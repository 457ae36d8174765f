import { describe, expect, it } from 'vitest';
import { changeDraft, confidencePercent, deliveryPlants, loadingPlants, parseQuantity, quantityText } from './drafts';
import { customers, draft, loadingPoints, materials, plants } from './orderTextTestKit';
import { fragmentAt, insertSuggestion, SUGGESTION_LIMIT, suggest } from './suggestions';

const catalogue = { materials, plants, loadingPoints, customers };

describe('autocomplete of the free text', () => {
  it('takes the word before the caret, from 2 characters, or one letter after a word', () => {
    expect(fragmentAt('Kies', 4)).toMatchObject({ start: 0, end: 4, word: 'kies', words: null });
    expect(fragmentAt('K', 1)).toBeNull();
    expect(fragmentAt('aus Halde N', 11)).toMatchObject({ start: 10, word: 'n', words: 'halde n', wordsStart: 4 });
    // In the middle of a word: nothing to complete.
    expect(fragmentAt('Kiesel', 3)).toBeNull();
    expect(fragmentAt('nach Lüb', 8)).toMatchObject({ word: 'lueb' });
  });

  it(`offers at most ${SUGGESTION_LIMIT} names, whole-name matches first, names already typed in full not at all`, () => {
    const names = suggest(fragmentAt('Kies', 4), catalogue).map((s) => s.label);
    expect(names).toHaveLength(SUGGESTION_LIMIT);
    expect(names[0]).toBe('Kies 0/32');
    // The plant, then its heaps (found by the plant's name too).
    expect(suggest(fragmentAt('nach Moor', 9), catalogue).map((s) => [s.label, s.kind])).toEqual([
      ['Kieswerk Moorburg', 'loadingPlant'],
      ['Halde Nord (Kieswerk Moorburg)', 'loadingPoint'],
      ['Halde Süd (Kieswerk Moorburg)', 'loadingPoint'],
    ]);
    expect(suggest(fragmentAt('Neum', 4), catalogue).map((s) => s.kind)).toEqual(['plant']);
    expect(suggest(fragmentAt('Silo', 4), catalogue).map((s) => s.value)).toEqual(['Zementwerk Lägerdorf Silo 1', 'Zementwerk Lägerdorf Silo 2']);
    expect(suggest(fragmentAt('Kies 8/16', 9), catalogue).map((s) => s.label)).not.toContain('Kies 8/16');
  });

  it('puts the name in place of the fragment, with one space after it', () => {
    const text = 'aus Halde N, morgen';
    const fragment = fragmentAt(text, 11)!;
    const [first] = suggest(fragment, catalogue);
    expect(insertSuggestion(text, fragment, first!.replaceFrom, first!.value)).toEqual({ text: 'aus Kieswerk Moorburg Halde Nord , morgen', caret: 33 });
  });
});

describe('the preview card', () => {
  it('offers only departures as loading plants and only destinations as delivery plants (§5.4, §5.5)', () => {
    expect(loadingPlants(plants).map((p) => p.id)).toEqual(['p-laegerdorf', 'p-moorburg', 'p-kaltenkirchen', 'p-neumuenster']);
    expect(deliveryPlants(plants).map((p) => p.id)).toEqual(['p-neumuenster', 'p-kiel', 'p-luebeck']);
  });

  it('drops a loading point of another plant and takes a plant’s only one', () => {
    const withHeap = { ...draft(), loadingPointId: 'lp-nord', loadingPointName: 'Halde Nord' };
    const laegerdorf = plants.find((p) => p.id === 'p-laegerdorf')!;
    const kaltenkirchen = plants.find((p) => p.id === 'p-kaltenkirchen')!;
    expect(changeDraft(withHeap, { field: 'loadingPlant', plant: laegerdorf, points: loadingPoints })).toMatchObject({ loadingPlantId: 'p-laegerdorf', loadingPointId: null });
    expect(changeDraft(withHeap, { field: 'loadingPlant', plant: kaltenkirchen, points: loadingPoints })).toMatchObject({ loadingPointId: 'lp-vs1', loadingPointName: 'Verladestation 1' });
  });

  it('switches between a fixed time and a range with the defaults of §9', () => {
    const range = changeDraft(draft({ deliveryTimeFixed: null }), { field: 'timeType', type: 'range' });
    expect(range).toMatchObject({ deliveryTimeType: 'range', deliveryTimeFrom: '08:00', deliveryTimeTo: '17:00', deliveryTimeFixed: null });
    expect(changeDraft(range, { field: 'timeType', type: 'fixed' })).toMatchObject({ deliveryTimeType: 'fixed', deliveryTimeFixed: '08:00', deliveryTimeFrom: null });
  });

  it('reads German decimals and shows percent', () => {
    expect(parseQuantity('26,5')).toBe(26.5);
    expect(parseQuantity(' ')).toBeNull();
    expect(parseQuantity('x')).toBeNull();
    expect(quantityText(26.5)).toBe('26,5');
    expect(confidencePercent(0.846)).toBe(85);
  });
});
