import { describe, expect, it } from 'vitest';
import { digitsForSpokenNumbers, spokenValue } from './spoken-numbers';

const grains = new Set(['0/2', '2/8', '8/16', '16/32']);
const materialWords = new Set(['kies', 'sand']);
const digits = (text: string) => digitsForSpokenNumbers(text, grains, materialWords);
/** The rewritten text with its padding closed up. */
const read = (text: string) => digits(text).replace(/\s+/g, ' ').trim();

describe('spoken numbers', () => {
  it('reads simple, teen, tens and compound numbers; `ein` is an article', () => {
    expect([spokenValue('null'), spokenValue('eins'), spokenValue('zwoelf'), spokenValue('sechzehn'), spokenValue('dreissig')]).toEqual([0, 1, 12, 16, 30]);
    expect(spokenValue('sechsundzwanzig')).toBe(26);
    expect(spokenValue('ein')).toBeNaN();
    expect(spokenValue('kies')).toBeNaN();
  });

  it('writes digits in place, keeping every position', () => {
    const text = 'zwanzig Tonnen Kies acht sechzehn um sieben';
    const out = digits(text);
    expect(out).toHaveLength(text.length);
    expect(read(text)).toBe('20 Tonnen Kies 8/16 um 7');
  });

  it('reads a grain size only after a material word and only when the catalogue has it', () => {
    expect(read('sand null zwei')).toBe('sand 0/2');
    expect(read('um sieben acht und zehn uhr')).toBe('um 7 8 und 10 uhr');
    expect(read('kies zwei acht')).toBe('kies 2/8');
  });

  it('reads digits said apart after a material word as its grain size, and leaves other digits as written', () => {
    expect(digits('Kies 8 16, 7 8 Uhr')).toBe('Kies 8/16, 7 8 Uhr');
    expect(digits('2 LKW Sand 0 2')).toBe('2 LKW Sand 0/2');
  });

  it('reads decimals said with `komma`, and leaves `drei viertel acht` to the time recogniser', () => {
    expect(read('sechsundzwanzig komma fünf tonnen')).toBe('26,5 tonnen');
    expect(read('drei viertel acht')).toBe('drei viertel 8');
  });

  it('leaves a text without number words as it is', () => {
    const text = 'Kies 8/16 nach Kiel';
    expect(digits(text)).toBe(text);
  });
});
