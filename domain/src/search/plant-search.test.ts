import { describe, expect, it } from 'vitest';
import { demoPlants } from '../testing/demo-plants';
import { scorePlant, searchPlants } from './plant-search';

const names = (plants: readonly { name: string }[]) => plants.map((plant) => plant.name);

describe('plant search scoring (§9)', () => {
  it('adds the points of the spec', () => {
    const plant = { name: 'Terminal Hamburg-Hafen', city: 'Hamburg', address: 'Am Kaiserkai 12, 20457 Hamburg' };
    // name +100, city +80, address +60, city starts +30; word "hamburg": name +30, city +20, address +10
    expect(scorePlant(plant, 'hamburg')).toBe(330);
    // name +100, name starts +50; word "terminal": name +30
    expect(scorePlant(plant, 'Terminal')).toBe(180);
  });

  it('scores whole query only for words of up to 2 characters', () => {
    // "ki" is in name and city (+100 +80), both start with it (+50 +30), address contains it (+60); too short as a word.
    expect(scorePlant({ name: 'Kiel Nord', city: 'Kiel', address: 'Ostuferhafen 9, 24149 Kiel' }, 'ki')).toBe(320);
  });

  it('scores each word on its own', () => {
    // whole "moorburg kies" matches nothing; words: "moorburg" name +30, address +10; "kies" name +30
    expect(
      scorePlant({ name: 'Kieswerk Moorburg', city: 'Hamburg', address: 'Moorburger Elbdeich 80, 21079 Hamburg' }, 'moorburg kies'),
    ).toBe(70);
  });

  it('ignores case', () => {
    expect(scorePlant({ name: 'Zementwerk Lägerdorf', city: 'Lägerdorf' }, 'LÄGERDORF')).toBeGreaterThan(0);
  });
});

describe('searchPlants with the demo plants', () => {
  it('sorts by score, then by name, and drops non-matches', () => {
    expect(names(searchPlants(demoPlants, 'hamburg'))).toEqual([
      'Betonwerk Hamburg-Billbrook',
      'Terminal Hamburg-Hafen',
      'Kieswerk Moorburg',
    ]);
  });

  it('finds by city, street and postal code', () => {
    expect(names(searchPlants(demoPlants, 'Neumünster'))).toEqual(['Mischwerk Neumünster']);
    expect(names(searchPlants(demoPlants, 'kaiserkai'))).toEqual(['Terminal Hamburg-Hafen']);
    expect(names(searchPlants(demoPlants, '25566'))).toEqual(['Zementwerk Lägerdorf']);
  });

  it('filters by role: loading plants, delivery plants', () => {
    expect(names(searchPlants(demoPlants, 'werk', { role: 'delivery' }))).toEqual([
      'Betonwerk Berlin-Spandau',
      'Betonwerk Bremen',
      'Betonwerk Hamburg-Billbrook',
      'Betonwerk Kiel',
      'Betonwerk Lübeck',
      'Fertigteilwerk Rostock',
      'Mischwerk Neumünster',
    ]);
    expect(names(searchPlants(demoPlants, 'hamburg', { role: 'loading' }))).toEqual(['Terminal Hamburg-Hafen', 'Kieswerk Moorburg']);
  });

  it('limits the hits', () => {
    expect(searchPlants(demoPlants, 'werk', { limit: 3 })).toHaveLength(3);
    expect(searchPlants(demoPlants, 'werk')).toHaveLength(11);
  });

  it('lists every plant of the role by name for an empty query', () => {
    expect(names(searchPlants(demoPlants, ' ', { role: 'loading' }))).toEqual([
      'Kieswerk Kaltenkirchen',
      'Kieswerk Moorburg',
      'Mischwerk Neumünster',
      'Sandgrube Schwarzenbek',
      'Terminal Hamburg-Hafen',
      'Zementwerk Lägerdorf',
      'Zementwerk Rüdersdorf',
    ]);
  });
});
