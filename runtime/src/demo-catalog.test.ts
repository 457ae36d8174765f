import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DemoCatalogError, loadDemoCatalog, parseDemoCatalog } from './demo-catalog';

const catalog = loadDemoCatalog();
/** A copy to break on purpose: typed loosely, since the point is to put wrong values in. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const copy = () => structuredClone(catalog) as unknown as Record<string, any>;

describe('demo catalogue', () => {
  it('holds the master data, the tariff, how the business runs and the workshops', () => {
    expect(catalog.workshops.length).toBe(15);
    expect(catalog.workshops.filter((w) => w.mobile)).toHaveLength(1);
    expect(catalog.tariff).toMatchObject({ currency: 'EUR', roadFactor: 1.3, averageSpeedKmh: 62, loadingMinutes: 25, unloadingMinutes: 20 });
    expect(catalog.operations).toMatchObject({ historyWeeks: 8, ordersPerWorkday: { min: 22, max: 38 }, deliveryHours: { first: 6, last: 16 } });
    // Mischwerk Neumünster (role both) offers a loading point now.
    expect(catalog.loadingPoints).toContainEqual({ plant: 'Mischwerk Neumünster', name: 'Verladung West', loading_type: 'silo' });
  });

  it('names the bad entry, in German, when a value has the wrong shape', () => {
    const bad = copy();
    bad.vehicles[2].payload_kg = 'viel';
    expect(() => parseDemoCatalog(bad)).toThrow(DemoCatalogError);
    expect(() => parseDemoCatalog(bad)).toThrow(/vehicles\[2\]\.payload_kg \(„IZ-MS 103“\): Ungültige Eingabe: erwartet Zahl/);
  });

  it('names every entry that refers to something the catalogue does not hold', () => {
    const bad = copy();
    bad.operations.routes[1].point = 'Silo 9';
    bad.operations.routes[2].materials = ['Kies 16/32'];
    bad.trailers[0].zugmaschine = 'XX-YY 1';
    bad.operations.ordersPerWorkday = { min: 40, max: 20 };
    let message = '';
    try {
      parseDemoCatalog(bad);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('Der Demo-Katalog runtime/demo/catalog.json ist fehlerhaft:');
    expect(message).toContain('operations.routes[1].point („Zementwerk Lägerdorf → Betonwerk Hamburg-Billbrook“): Abgangsort „Silo 9“ von „Zementwerk Lägerdorf“ steht nicht unter loadingPoints.');
    expect(message).toContain('operations.routes[2].materials[0] („Zementwerk Lägerdorf → Betonwerk Lübeck“): Material „Kies 16/32“ wird in „Zementwerk Lägerdorf“ nicht angeboten.');
    expect(message).toContain('trailers[0].zugmaschine („IZ-MA 501“): Fahrzeug „XX-YY 1“ steht nicht unter vehicles.');
    expect(message).toContain('operations.ordersPerWorkday: min ist größer als max.');
  });

  it('says which file is not JSON', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dispo-catalog-'));
    const file = join(dir, 'catalog.json');
    writeFileSync(file, '{ "users": [');
    expect(() => loadDemoCatalog(file)).toThrow(new RegExp(`Der Demo-Katalog ${file} ist fehlerhaft`));
  });
});
