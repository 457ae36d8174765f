import { describe, expect, it } from 'vitest';
import { demoPlants } from '../testing/demo-plants';
import { canBeDeliveryPlant, canBeLoadingPlant } from './plant-eligibility';

const names = (plants: readonly { name: string }[]) => plants.map((plant) => plant.name);

describe('plant roles and types (§5.4, §5.5)', () => {
  it('offers the demo loading plants and Neumünster (both) as Ladewerk', () => {
    expect(names(demoPlants.filter(canBeLoadingPlant))).toEqual([
      'Zementwerk Lägerdorf',
      'Zementwerk Rüdersdorf',
      'Kieswerk Moorburg',
      'Kieswerk Kaltenkirchen',
      'Terminal Hamburg-Hafen',
      'Sandgrube Schwarzenbek',
      'Mischwerk Neumünster',
    ]);
  });

  it('offers the demo concrete plants and Neumünster (both) as Lieferwerk', () => {
    expect(names(demoPlants.filter(canBeDeliveryPlant))).toEqual([
      'Mischwerk Neumünster',
      'Betonwerk Kiel',
      'Betonwerk Lübeck',
      'Betonwerk Hamburg-Billbrook',
      'Betonwerk Bremen',
      'Fertigteilwerk Rostock',
      'Betonwerk Berlin-Spandau',
    ]);
  });

  it('takes a missing role as both and lets an untyped plant pass', () => {
    expect(canBeLoadingPlant({})).toBe(true);
    expect(canBeDeliveryPlant({ plantRole: null, plantType: '' })).toBe(true);
  });

  it('keeps loading points and terminals off the delivery list even with role both', () => {
    expect(canBeDeliveryPlant({ plantRole: 'both', plantType: 'terminal' })).toBe(false);
    expect(canBeDeliveryPlant({ plantRole: 'both', plantType: 'loading_point' })).toBe(false);
  });

  it('admits only the loading types of §5.5 as Ladewerk', () => {
    expect(canBeLoadingPlant({ plantRole: 'loading', plantType: 'delivery_plant' })).toBe(false);
    expect(canBeLoadingPlant({ plantRole: 'both', plantType: 'loading_point' })).toBe(true);
  });

  it('ignores case', () => {
    expect(canBeLoadingPlant({ plantRole: 'LOADING', plantType: 'Zementwerk' })).toBe(true);
    expect(canBeDeliveryPlant({ plantRole: 'Delivery', plantType: 'TERMINAL' })).toBe(false);
  });
});
