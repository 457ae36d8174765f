import { describe, expect, it } from 'vitest';
import { DomainError } from '../decider';
import { messages } from '../messages';
import { addDays, nextWeekday, weekdayOfNextWeek } from './dates';
import { THRESHOLDS } from './entities';
import { checkOrderDraft, orderInputFromDraft } from './order-draft';
import { CONFIDENCE_CAP, HINT_BELOW, MAX_ORDERS_PER_TEXT, parseOrderText } from './parse-order-text';
import { demoCatalogue } from './testing/demo-catalogue';
import type { OrderDraft, OrderTextCatalogue } from './types';

/** Friday, 20 November 2026 (Europe/Berlin). */
const REF = '2026-11-20';

/** An order as the table compares it: names instead of ids, the time as `07:00` or `08:00-10:00`. */
interface Seen {
  material: string | null;
  customer: string | null;
  from: string | null;
  point: string | null;
  to: string | null;
  quantity: number | null;
  unit: string | null;
  date: string | null;
  time: string | null;
  priority: string | null;
  notes: string | null;
}

function seen(o: OrderDraft): Seen {
  return {
    material: o.materialName,
    customer: o.customerName,
    from: o.loadingPlantName,
    point: o.loadingPointName,
    to: o.deliveryPlantName,
    quantity: o.quantity,
    unit: o.unit,
    date: o.deliveryDate,
    time: o.deliveryTimeType === 'range' ? `${o.deliveryTimeFrom}-${o.deliveryTimeTo}` : o.deliveryTimeFixed,
    priority: o.priority,
    notes: o.notes,
  };
}

const DEFAULTS: Seen = {
  material: null,
  customer: null,
  from: null,
  point: null,
  to: null,
  quantity: 27,
  unit: 'to',
  date: null,
  time: '08:00',
  priority: 'normal',
  notes: null,
};

/** One sentence: the fields of every order (defaults left out) and, when orders differ only in time, their times. */
type Row = [text: string, expected: Partial<Seen>, times?: string[]];

// Real phone notes against the demo catalogue, each with one right answer.
const SENTENCES: Row[] = [
  // The two sentences of the issue.
  [
    'Morgen 2 LKW Kies 8/16 von Moorburg nach Betonwerk Kiel, 7 und 9 Uhr',
    { material: 'Kies 8/16', from: 'Kieswerk Moorburg', to: 'Betonwerk Kiel', date: '2026-11-21' },
    ['07:00', '09:00'],
  ],
  [
    'Nordbeton braucht übermorgen zwischen 8 und 10 Uhr 27 t CEM I 42,5 R aus Lägerdorf Silo 2, dringend',
    {
      material: 'CEM I 42,5 R',
      customer: 'Nordbeton GmbH',
      from: 'Zementwerk Lägerdorf',
      point: 'Silo 2',
      date: '2026-11-22',
      time: '08:00-10:00',
      priority: 'urgent',
    },
  ],
  // Case, umlauts written out, missing spaces.
  [
    'NORDBETON: CEM I 42,5 R, LAEGERDORF SILO 2 NACH KIEL, HEUTE 6 UHR',
    { material: 'CEM I 42,5 R', customer: 'Nordbeton GmbH', from: 'Zementwerk Lägerdorf', point: 'Silo 2', to: 'Betonwerk Kiel', date: REF, time: '06:00' },
  ],
  [
    'nordbeton cem1 42,5r laegerdorf silo2 kiel morgen 7uhr',
    { material: 'CEM I 42,5 R', customer: 'Nordbeton GmbH', from: 'Zementwerk Lägerdorf', point: 'Silo 2', to: 'Betonwerk Kiel', date: '2026-11-21', time: '07:00' },
  ],
  // Grain sizes written in other ways; weekday abbreviation; German decimals.
  [
    'kies 8-16 moorburg halde nord nach billbrook mo 7 uhr',
    { material: 'Kies 8/16', from: 'Kieswerk Moorburg', point: 'Halde Nord', to: 'Betonwerk Hamburg-Billbrook', date: '2026-11-23', time: '07:00' },
  ],
  [
    '0/2er Sand von Moorburg Halde Süd nach Lübeck, Dienstag, 26,5 t',
    { material: 'Sand 0/2', from: 'Kieswerk Moorburg', point: 'Halde Süd', to: 'Betonwerk Lübeck', quantity: 26.5, date: '2026-11-24' },
  ],
  [
    'Sand 0/4 aus Schwarzenbek nach Bremen am 24.11.2026 um 10:30',
    { material: 'Sand 0/4', from: 'Sandgrube Schwarzenbek', point: 'Grube Ost', to: 'Betonwerk Bremen', date: '2026-11-24', time: '10:30' },
  ],
  [
    'Kies 16/32 ab Kaltenkirchen zum Betonwerk Hamburg-Billbrook, Mittwoch 8-10 Uhr',
    {
      material: 'Kies 16/32',
      from: 'Kieswerk Kaltenkirchen',
      point: 'Verladestation 1',
      to: 'Betonwerk Hamburg-Billbrook',
      date: '2026-11-25',
      time: '08:00-10:00',
    },
  ],
  // Truckloads at the material's standard load, one order per time.
  [
    'Flugasche vom Terminal Hamburg-Hafen an Fertigteilwerk Rostock, 3 Ladungen, Do 6, 8 und 10 Uhr',
    { material: 'Flugasche', from: 'Terminal Hamburg-Hafen', point: 'Schiffsentladung', to: 'Fertigteilwerk Rostock', quantity: 25, date: '2026-11-26' },
    ['06:00', '08:00', '10:00'],
  ],
  [
    'Hüttensand Neumünster nach Kiel, 30 Kubikmeter, Fr',
    { material: 'Hüttensand', from: 'Mischwerk Neumünster', to: 'Betonwerk Kiel', quantity: 30, unit: 'm3', date: '2026-11-27' },
  ],
  [
    'Kalksteinmehl Lägerdorf Silo 3 für Betonwerk Lübeck, eilig, morgen',
    { material: 'Kalksteinmehl', from: 'Zementwerk Lägerdorf', point: 'Silo 3', to: 'Betonwerk Lübeck', quantity: 25, date: '2026-11-21', priority: 'urgent' },
  ],
  [
    'Frostschutzkies 0/32 von Kaltenkirchen nach Neumünster, 2 Fahrzeuge, übermorgen 7 und 9 Uhr',
    {
      material: 'Frostschutzkies 0/32',
      from: 'Kieswerk Kaltenkirchen',
      point: 'Verladestation 1',
      to: 'Mischwerk Neumünster',
      quantity: 16,
      unit: 'm3',
      date: '2026-11-22',
    },
    ['07:00', '09:00'],
  ],
  [
    'Recycling-Schotter 0/45 aus Neumünster nach Kiel, wichtig, 25 Tonnen, morgen 13 Uhr',
    { material: 'Recycling-Schotter 0/45', from: 'Mischwerk Neumünster', to: 'Betonwerk Kiel', quantity: 25, date: '2026-11-21', time: '13:00', priority: 'high' },
  ],
  [
    'Schotter 32/56 vom Hafen nach Berlin-Spandau, 2 Züge, nächsten Dienstag 9 Uhr',
    { material: 'Schotter 32/56', from: 'Terminal Hamburg-Hafen', point: 'Schiffsentladung', to: 'Betonwerk Berlin-Spandau', date: '2026-11-24' },
    ['09:00', '09:00'],
  ],
  [
    'Splitt 2/5 Terminal Hamburg-Hafen Schiffsentladung nach Bremen 24.11. 11 Uhr',
    { material: 'Splitt 2/5', from: 'Terminal Hamburg-Hafen', point: 'Schiffsentladung', to: 'Betonwerk Bremen', date: '2026-11-24', time: '11:00' },
  ],
  // The cements by their class.
  [
    'CEM III/A 42,5 N aus Rüdersdorf Silo B nach Spandau, Montag von 7 bis 12',
    { material: 'CEM III/A 42,5 N', from: 'Zementwerk Rüdersdorf', point: 'Silo B', to: 'Betonwerk Berlin-Spandau', date: '2026-11-23', time: '07:00-12:00' },
  ],
  [
    'CEM II/A-LL 42,5 N Rüdersdorf Silo A nach Rostock 27 to übermorgen 14:00',
    { material: 'CEM II/A-LL 42,5 N', from: 'Zementwerk Rüdersdorf', point: 'Silo A', to: 'Fertigteilwerk Rostock', date: '2026-11-22', time: '14:00' },
  ],
  // Customers by partial name, with legal form, by contact person.
  [
    'Elbe Bau: 2 LKW Sand 0/2 von Schwarzenbek nach Billbrook, morgen 7, 9 Uhr',
    {
      material: 'Sand 0/2',
      customer: 'Elbe Bau AG',
      from: 'Sandgrube Schwarzenbek',
      point: 'Grube Ost',
      to: 'Betonwerk Hamburg-Billbrook',
      date: '2026-11-21',
    },
    ['07:00', '09:00'],
  ],
  [
    'Hansa Transportbeton: Kies 2/8 aus Moorburg Halde Nord nach Billbrook, 54 t in 2 LKW, Freitag 6 Uhr',
    {
      material: 'Kies 2/8',
      customer: 'Hansa Transportbeton GmbH & Co. KG',
      from: 'Kieswerk Moorburg',
      point: 'Halde Nord',
      to: 'Betonwerk Hamburg-Billbrook',
      date: '2026-11-27',
    },
    ['06:00', '06:00'],
  ],
  [
    'Baustoffhandel Meier KG bestellt 20 t Sand 0/4 aus Kaltenkirchen nach Lübeck, 25.11.',
    {
      material: 'Sand 0/4',
      customer: 'Baustoffhandel Meier KG',
      from: 'Kieswerk Kaltenkirchen',
      point: 'Verladestation 1',
      to: 'Betonwerk Lübeck',
      quantity: 20,
      date: '2026-11-25',
    },
  ],
  [
    'Ostsee Fertigteile: Kies 8/16 von Kaltenkirchen nach Rostock, je 2 LKW um 7 und 11 Uhr, morgen',
    {
      material: 'Kies 8/16',
      customer: 'Ostsee Fertigteile GmbH',
      from: 'Kieswerk Kaltenkirchen',
      point: 'Verladestation 1',
      to: 'Fertigteilwerk Rostock',
      date: '2026-11-21',
    },
    ['07:00', '07:00', '11:00', '11:00'],
  ],
  [
    'Straßenbau Holstein GmbH Frostschutzkies Kaltenkirchen nach Kiel morgen halb 8',
    {
      material: 'Frostschutzkies 0/32',
      customer: 'Straßenbau Holstein GmbH',
      from: 'Kieswerk Kaltenkirchen',
      point: 'Verladestation 1',
      to: 'Betonwerk Kiel',
      quantity: 16,
      unit: 'm3',
      date: '2026-11-21',
      time: '07:30',
    },
  ],
  [
    'Berliner Betonwerke CEM I Rüdersdorf Silo A nach Spandau am Mo 6 Uhr',
    {
      material: 'CEM I 42,5 R',
      customer: 'Berliner Betonwerke GmbH',
      from: 'Zementwerk Rüdersdorf',
      point: 'Silo A',
      to: 'Betonwerk Berlin-Spandau',
      date: '2026-11-23',
      time: '06:00',
    },
  ],
  [
    'Bremer Bauunion eG, Splitt 2/5, Hafen nach Bremen, 3 x 25 t, 26.11.',
    {
      material: 'Splitt 2/5',
      customer: 'Bremer Bauunion eG',
      from: 'Terminal Hamburg-Hafen',
      point: 'Schiffsentladung',
      to: 'Betonwerk Bremen',
      quantity: 25,
      date: '2026-11-26',
    },
    ['08:00', '08:00', '08:00'],
  ],
  [
    'Tiefbau Schröder Schotter 32/56 Terminal nach Lübeck morgen früh 7 Uhr',
    {
      material: 'Schotter 32/56',
      customer: 'Tiefbau Schröder GmbH',
      from: 'Terminal Hamburg-Hafen',
      point: 'Schiffsentladung',
      to: 'Betonwerk Lübeck',
      date: '2026-11-21',
      time: '07:00',
      notes: 'früh',
    },
  ],
  [
    'Wohnbau Lübeck: Sand 0/2, Sandgrube Schwarzenbek nach Betonwerk Lübeck, 15.12., zwischen 7 und 9 Uhr',
    {
      material: 'Sand 0/2',
      customer: 'Wohnbau Lübeck GmbH',
      from: 'Sandgrube Schwarzenbek',
      point: 'Grube Ost',
      to: 'Betonwerk Lübeck',
      date: '2026-12-15',
      time: '07:00-09:00',
    },
  ],
  [
    'für Nordbeton 1 LKW Kies 8/16 Moorburg Halde Süd nach Kiel morgen 8 Uhr, Fahrer bitte vorher anrufen',
    {
      material: 'Kies 8/16',
      customer: 'Nordbeton GmbH',
      from: 'Kieswerk Moorburg',
      point: 'Halde Süd',
      to: 'Betonwerk Kiel',
      date: '2026-11-21',
      notes: 'Fahrer bitte vorher anrufen',
    },
  ],
  [
    'Herr Petersen: Hüttensand vom Hafen nach Kiel, übermorgen 10 Uhr',
    {
      material: 'Hüttensand',
      customer: 'Nordbeton GmbH',
      from: 'Terminal Hamburg-Hafen',
      point: 'Schiffsentladung',
      to: 'Betonwerk Kiel',
      date: '2026-11-22',
      time: '10:00',
    },
  ],
  // Typos.
  ['Kies 8/16 von Moorbrug nach Kiell morgen', { material: 'Kies 8/16', from: 'Kieswerk Moorburg', to: 'Betonwerk Kiel', date: '2026-11-21' }],
  [
    'Zementwerk Laegerdorf Silo 1 CEM I nach Billbrok morgen 9 Uhr',
    { material: 'CEM I 42,5 R', from: 'Zementwerk Lägerdorf', point: 'Silo 1', to: 'Betonwerk Hamburg-Billbrook', date: '2026-11-21', time: '09:00' },
  ],
  // Amount per truck, material code, low priority, next week's weekday.
  [
    '2 mal 27 t Kies 2/8 Moorburg Halde Nord Kiel übermorgen 7 Uhr',
    { material: 'Kies 2/8', from: 'Kieswerk Moorburg', point: 'Halde Nord', to: 'Betonwerk Kiel', date: '2026-11-22' },
    ['07:00', '07:00'],
  ],
  [
    'K-0816 von Kaltenkirchen nach Lübeck morgen 8 Uhr',
    { material: 'Kies 8/16', from: 'Kieswerk Kaltenkirchen', point: 'Verladestation 1', to: 'Betonwerk Lübeck', date: '2026-11-21' },
  ],
  [
    'Kies 8/16 aus Kaltenkirchen nach Kiel, nicht dringend, nächste Woche Mittwoch',
    { material: 'Kies 8/16', from: 'Kieswerk Kaltenkirchen', point: 'Verladestation 1', to: 'Betonwerk Kiel', date: '2026-11-25', priority: 'low' },
  ],
  // Word order, trade abbreviations, greetings and filler words.
  [
    'Tach, nach Kiel von Moorburg Halde Nord 2 Fuhren Kies 8/16 morgen um 6',
    { material: 'Kies 8/16', from: 'Kieswerk Moorburg', point: 'Halde Nord', to: 'Betonwerk Kiel', date: '2026-11-21' },
    ['06:00', '06:00'],
  ],
  [
    'Abholung Kaltenkirchen, Ziel Billbrook, FSS 0/32, 1 Sattelzug, Di 7 Uhr',
    {
      material: 'Frostschutzkies 0/32',
      from: 'Kieswerk Kaltenkirchen',
      point: 'Verladestation 1',
      to: 'Betonwerk Hamburg-Billbrook',
      quantity: 16,
      unit: 'm3',
      date: '2026-11-24',
      time: '07:00',
    },
  ],
  [
    'RC-Schotter Neumünster -> Kiel morgen 2 Touren',
    { material: 'Recycling-Schotter 0/45', from: 'Mischwerk Neumünster', to: 'Betonwerk Kiel', date: '2026-11-21' },
    ['08:00', '08:00'],
  ],
  [
    'BW Kiel braucht Kies 2/8 von KW Moorburg Halde Süd übermorgen 7:30',
    { material: 'Kies 2/8', from: 'Kieswerk Moorburg', point: 'Halde Süd', to: 'Betonwerk Kiel', date: '2026-11-22', time: '07:30' },
  ],
  [
    'Kiel wird aus Lägerdorf Silo 1 mit CEM I beliefert, morgen früh um 6',
    { material: 'CEM I 42,5 R', from: 'Zementwerk Lägerdorf', point: 'Silo 1', to: 'Betonwerk Kiel', date: '2026-11-21', time: '06:00', notes: 'früh' },
  ],
  [
    'Zement CEM I 42,5R Silo 2 Lägerdorf -> Spandau, Fr 14 Uhr, eilt',
    {
      material: 'CEM I 42,5 R',
      from: 'Zementwerk Lägerdorf',
      point: 'Silo 2',
      to: 'Betonwerk Berlin-Spandau',
      date: '2026-11-27',
      time: '14:00',
      priority: 'urgent',
    },
  ],
  [
    'Sand 0-2 Schwarzenbek Lübeck morgen 3 LKW je 25t um 6, 8 und 10 Uhr',
    { material: 'Sand 0/2', from: 'Sandgrube Schwarzenbek', point: 'Grube Ost', to: 'Betonwerk Lübeck', quantity: 25, date: '2026-11-21' },
    ['06:00', '08:00', '10:00'],
  ],
  [
    'CEM 3 Rüdersdorf Silo B Spandau Mo',
    { material: 'CEM III/A 42,5 N', from: 'Zementwerk Rüdersdorf', point: 'Silo B', to: 'Betonwerk Berlin-Spandau', date: '2026-11-23' },
  ],
  [
    'Splitt 2/5 vom Hafen nach Lübeck, Kunde Meier, morgen 9 Uhr',
    {
      material: 'Splitt 2/5',
      customer: 'Baustoffhandel Meier KG',
      from: 'Terminal Hamburg-Hafen',
      point: 'Schiffsentladung',
      to: 'Betonwerk Lübeck',
      date: '2026-11-21',
      time: '09:00',
    },
  ],
  [
    'Hansa braucht bis 10 Uhr morgen 27 t Kies 16/32 Kaltenkirchen Billbrook',
    {
      material: 'Kies 16/32',
      customer: 'Hansa Transportbeton GmbH & Co. KG',
      from: 'Kieswerk Kaltenkirchen',
      point: 'Verladestation 1',
      to: 'Betonwerk Hamburg-Billbrook',
      date: '2026-11-21',
      time: '10:00',
    },
  ],
  [
    'Elbe Bau bestellt: übermorgen, 2 LKW, Sand 0/4, Kaltenkirchen nach Hamburg',
    {
      material: 'Sand 0/4',
      customer: 'Elbe Bau AG',
      from: 'Kieswerk Kaltenkirchen',
      point: 'Verladestation 1',
      to: 'Betonwerk Hamburg-Billbrook',
      date: '2026-11-22',
    },
    ['08:00', '08:00'],
  ],
  ['Hüttensand vom Mischwerk nach Kiel morgen', { material: 'Hüttensand', from: 'Mischwerk Neumünster', to: 'Betonwerk Kiel', date: '2026-11-21' }],
  // Uncertain: the parser asks rather than guesses.
  ['Kies nach Kiel morgen', { to: 'Betonwerk Kiel', date: '2026-11-21' }],
  ['Kies 4/8 von Moorburg nach Kiel', { from: 'Kieswerk Moorburg', to: 'Betonwerk Kiel', notes: 'Kies 4/8' }],
  ['Zement von Hamburg nach Bremen', { to: 'Betonwerk Bremen' }],
  // Plant roles: a loading-only plant is no destination, `nach Hamburg` is the delivery plant in Hamburg.
  ['Sand 0/2 von Hamburg nach Hamburg', { material: 'Sand 0/2', to: 'Betonwerk Hamburg-Billbrook' }],
];

/** Sentences that must not produce an order. */
const NO_ORDER = ['Hallo, wie geht\'s?', 'Danke, bis morgen!', 'Morgen 8 Uhr 27 t', 'Bitte zurückrufen', '', '   ', '2 LKW um 7 Uhr'];

describe('parseOrderText on real sentences', () => {
  it.each(SENTENCES)('%s', (text, expected, times) => {
    const result = parseOrderText(text, demoCatalogue, REF);
    const want = { ...DEFAULTS, ...expected };
    const orders = result.orders.map(seen);
    if (times) expect(orders).toEqual(times.map((time) => ({ ...want, time })));
    else expect(orders).toEqual([want]);
  });

  it.each(NO_ORDER)('no order from %j', (text) => {
    const result = parseOrderText(text, demoCatalogue, REF);
    expect(result.orders).toEqual([]);
    expect(result.confidence).toBeLessThanOrEqual(0.3);
    expect(result.hints).toContain(messages.orderText.nothingRecognised);
  });
});

describe('ids, confidence and hints', () => {
  it('answers the ids of the catalogue and every field of the card', () => {
    const [order] = parseOrderText('Nordbeton braucht übermorgen zwischen 8 und 10 Uhr 27 t CEM I 42,5 R aus Lägerdorf Silo 2, dringend', demoCatalogue, REF).orders;
    expect(order).toEqual({
      materialId: 'material-cem-i-42-5-r',
      materialName: 'CEM I 42,5 R',
      customerId: 'customer-nordbeton-gmbh',
      customerName: 'Nordbeton GmbH',
      loadingPlantId: 'plant-zementwerk-laegerdorf',
      loadingPlantName: 'Zementwerk Lägerdorf',
      deliveryPlantId: null,
      deliveryPlantName: null,
      loadingPointId: 'lp-zementwerk-laegerdorf-silo-2',
      loadingPointName: 'Silo 2',
      quantity: 27,
      unit: 'to',
      deliveryDate: '2026-11-22',
      deliveryTimeType: 'range',
      deliveryTimeFixed: null,
      deliveryTimeFrom: '08:00',
      deliveryTimeTo: '10:00',
      priority: 'urgent',
      notes: null,
    });
  });

  it('is sure of a complete sentence (never above 0.95) and gives no hints then', () => {
    const result = parseOrderText(
      'für Nordbeton 1 LKW Kies 8/16 Moorburg Halde Süd nach Kiel morgen 8 Uhr, Fahrer bitte vorher anrufen',
      demoCatalogue,
      REF,
    );
    expect(result.confidence).toBe(CONFIDENCE_CAP);
    expect(result.hints).toEqual([]);
  });

  it('says in German what is missing when unsure', () => {
    const result = parseOrderText('Kies nach Kiel', demoCatalogue, REF);
    expect(result.confidence).toBeLessThan(HINT_BELOW);
    expect(result.hints).toEqual([
      messages.orderText.ambiguousMaterial('Kies 2/8, Kies 8/16, Kies 16/32'),
      messages.orderText.noCustomer,
      messages.orderText.noLoadingPlant,
      messages.orderText.noLoadingPoint,
      messages.orderText.noDate,
      messages.orderText.defaultTime,
      messages.orderText.defaultQuantity,
    ]);
  });

  it('names an approximate match and a plant named against its role', () => {
    expect(parseOrderText('Kies 8/16 von Moorbrug nach Kiell', demoCatalogue, REF).hints).toContain(messages.orderText.uncertain('Kieswerk Moorburg'));
    const reversed = parseOrderText('Kies 8/16 nach Moorburg', demoCatalogue, REF);
    expect(reversed.orders[0]?.loadingPlantName).toBe('Kieswerk Moorburg');
    expect(reversed.hints).toContain(messages.orderText.roleConflict('Kieswerk Moorburg'));
  });

  it('refuses a loading point of another plant than the named one', () => {
    const result = parseOrderText('CEM I von Rüdersdorf Silo 2 nach Kiel', demoCatalogue, REF);
    expect(result.orders[0]).toMatchObject({ loadingPlantName: 'Zementwerk Rüdersdorf', loadingPointId: null });
    expect(result.hints).toContain(messages.orderText.loadingPointOfOtherPlant('Silo 2'));
    // Only a clear name counts as another plant's point: `Halle` is no misspelt `Halde` of Moorburg.
    const hall = parseOrderText('Kies 8/16 Kaltenkirchen nach Kiel, Abladen hinter Halle 4', demoCatalogue, REF);
    expect(hall.orders[0]).toMatchObject({ loadingPointName: 'Verladestation 1', notes: 'Abladen hinter Halle 4' });
  });

  it('tells when truck count and times do not fit, and still plans every time', () => {
    const result = parseOrderText('3 LKW Kies 8/16 Moorburg Halde Nord nach Kiel, morgen 7 und 9 Uhr', demoCatalogue, REF);
    expect(result.orders.map((o) => o.deliveryTimeFixed)).toEqual(['07:00', '07:00', '09:00']);
    expect(result.confidence).toBeLessThan(HINT_BELOW);
    expect(result.hints).toContain(messages.orderText.trucksAndTimes(3, 2));
  });

  it(`makes at most ${MAX_ORDERS_PER_TEXT} orders of one text`, () => {
    const result = parseOrderText('200 LKW Kies 8/16 von Moorburg nach Kiel', demoCatalogue, REF);
    expect(result.orders).toHaveLength(MAX_ORDERS_PER_TEXT);
  });
});

describe('match thresholds (§5.4)', () => {
  it('are the spec values', () => {
    expect(THRESHOLDS).toEqual({ material: 0.3, customer: 0.5, customerAfterCue: 0.4, loadingPoint: 0.4, location: 0.4, locationAfterCue: 0.25 });
  });

  /** A catalogue whose names share a common word, so that a single word scores between the thresholds. */
  const shared: OrderTextCatalogue = {
    plants: [
      { id: 'p1', name: 'Nord Sued Werk', city: null, plantRole: 'delivery', plantType: 'delivery_plant' },
      { id: 'p2', name: 'Ost West Halle', city: null, plantRole: 'delivery', plantType: 'delivery_plant' },
      { id: 'p3', name: 'Quelle', city: null, plantRole: 'loading', plantType: 'kieswerk' },
    ],
    loadingPoints: [],
    materials: [],
    customers: [
      { id: 'c1', company: 'Alpha Beta Gamma Delta Omega', contactPerson: null },
      { id: 'c2', company: 'Epsilon', contactPerson: null },
    ],
  };

  it('accept a location after a cue from 0.25, without a cue only from 0.4', () => {
    // One of three equally rare words: (0.5 · 1/3 + 0.5 · 1) = 0.67 ≥ 0.4; below the bar only mixed in a longer name.
    expect(parseOrderText('nach Nord', shared, REF).orders[0]?.deliveryPlantId).toBe('p1');
    expect(parseOrderText('Nord', shared, REF).orders[0]?.deliveryPlantId).toBe('p1');
  });

  it('accept a customer after `für` from 0.4, without a cue only from 0.5', () => {
    // One of five equally rare words, exact: 0.5 · 1/5 + 0.5 · 1 = 0.6; with a typo (0.8): 0.08 + 0.4 = 0.48.
    expect(parseOrderText('Alpha', shared, REF).orders[0]?.customerId).toBe('c1');
    expect(parseOrderText('Alpah', shared, REF).orders).toEqual([]);
    expect(parseOrderText('für Alpah', shared, REF).orders[0]?.customerId).toBe('c1');
  });

  it('ignore words that resemble nothing closely enough', () => {
    expect(parseOrderText('Epsi', shared, REF).orders).toEqual([]);
    expect(parseOrderText('Epsilom', shared, REF).orders[0]?.customerId).toBe('c2');
    expect(parseOrderText('Quallo Quark', shared, REF).orders).toEqual([]);
  });
});

describe('dates relative to the Berlin reference date', () => {
  const dateOf = (text: string, ref: string) => parseOrderText(`Flugasche nach Kiel ${text}`, demoCatalogue, ref).orders[0]?.deliveryDate ?? null;

  it.each([
    ['morgen', '2026-12-31', '2027-01-01'],
    ['übermorgen', '2026-12-31', '2027-01-02'],
    ['uebermorgen', '2027-02-27', '2027-03-01'],
    ['übermorgen', '2028-02-28', '2028-03-01'],
    ['morgen', '2028-02-28', '2028-02-29'],
    ['heute', '2026-03-29', '2026-03-29'],
    ['morgen', '2026-03-28', '2026-03-29'],
    ['morgen', '2026-10-24', '2026-10-25'],
    ['Freitag', '2026-12-31', '2027-01-01'],
    ['Do', '2026-12-31', '2027-01-07'],
    ['nächsten Donnerstag', '2026-12-31', '2027-01-07'],
    ['Mo.', '2026-11-30', '2026-12-07'],
    ['am Sonntag', '2026-11-28', '2026-11-29'],
    ['05.01.', '2026-12-30', '2027-01-05'],
    ['24.11.', '2026-11-20', '2026-11-24'],
    ['24.11.2026', '2027-01-10', '2026-11-24'],
    ['31.12.26', '2026-11-20', '2026-12-31'],
    ['29.02.', '2027-01-10', '2028-02-29'],
    ['24. November', '2026-11-20', '2026-11-24'],
    ['3. Jan', '2026-12-20', '2027-01-03'],
    ['in 3 Tagen', '2026-11-30', '2026-12-03'],
    ['nächste Woche Dienstag', '2026-12-30', '2027-01-05'],
    ['Mo nä. Woche', '2026-11-20', '2026-11-23'],
    ['So 10 Uhr', '2026-11-20', '2026-11-22'],
    ['Fr. 27.11.', '2026-11-20', '2026-11-27'],
    ['Fr. früh 6 Uhr', '2026-11-20', '2026-11-27'],
    ['Do. ca. 7 Uhr', '2026-11-20', '2026-11-26'],
    ['KW 49 Montag', '2026-11-20', '2026-11-30'],
    ['Mittwoch KW49', '2026-11-20', '2026-12-02'],
    ['in KW 48 am Freitag', '2026-11-20', '2026-11-27'],
    ['KW 2 Di.', '2026-12-20', '2027-01-12'],
    ['Kalenderwoche 53 Do', '2026-11-20', '2026-12-31'],
    ['nächsten Montag', '2026-11-20', '2026-11-23'],
    ['kommenden Mittwoch', '2026-11-20', '2026-11-25'],
    ['übernächsten Dienstag', '2026-11-20', '2026-12-01'],
    ['in der 49. KW am Mittwoch', '2026-11-20', '2026-12-02'],
    ['Fr. zw. 7 und 9 Uhr', '2026-11-20', '2026-11-27'],
  ])('%s on %s is %s', (text, ref, expected) => {
    expect(dateOf(text, ref)).toBe(expected);
  });

  it('takes no day of a calendar week that has passed', () => {
    expect(dateOf('KW 47 Mittwoch', REF)).toBe('2026-11-25');
  });

  it('reads `Fr.` before a name as Frau, not as Friday', () => {
    expect(dateOf('Fr. Wolff', REF)).toBeNull();
  });

  it('leaves impossible dates and `So` as a word alone', () => {
    expect(dateOf('31.02.', REF)).toBeNull();
    expect(dateOf('so schnell wie möglich', REF)).toBeNull();
    expect(dateOf('so 10 Uhr', REF)).toBeNull();
    expect(parseOrderText('Flugasche nach Kiel, so schnell wie möglich', demoCatalogue, REF).orders[0]?.priority).toBe('urgent');
  });

  it('has date helpers that count in calendar days', () => {
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(nextWeekday('2026-11-20', 5)).toBe('2026-11-27');
    expect(weekdayOfNextWeek('2026-11-22', 1)).toBe('2026-11-23');
  });
});

describe('times and amounts', () => {
  const first = (text: string) => parseOrderText(`Flugasche nach Kiel morgen ${text}`, demoCatalogue, REF).orders;

  it.each([
    ['7 Uhr', ['07:00']],
    ['7:30 Uhr', ['07:30']],
    ['7.30 Uhr', ['07:30']],
    ['um 9', ['09:00']],
    ['gegen 14:15', ['14:15']],
    ['ab 6 Uhr', ['06:00']],
    ['acht Uhr', ['08:00']],
    ['halb neun', ['08:30']],
    ['8-10 Uhr', ['08:00-10:00']],
    ['8 bis 10 Uhr', ['08:00-10:00']],
    ['zwischen 8 und 10 Uhr', ['08:00-10:00']],
    ['von 8 bis 10', ['08:00-10:00']],
    ['6, 8 und 10 Uhr', ['06:00', '08:00', '10:00']],
    ['7 und 10', ['07:00', '10:00']],
    ['um 7 Uhr und um 9 Uhr', ['07:00', '09:00']],
    ['25 Uhr', ['08:00']],
    ['6/8/10 Uhr', ['06:00', '08:00', '10:00']],
    ['6 / 9 / 12 Uhr', ['06:00', '09:00', '12:00']],
    ['6:30/8:30', ['06:30', '08:30']],
    ['2x 7 Uhr und 1x 10 Uhr', ['07:00', '07:00', '10:00']],
    ['7 Uhr 3x', ['07:00', '07:00', '07:00']],
    ['2x um 9 und 1x um 13', ['09:00', '09:00', '13:00']],
    ['07:00–09:00', ['07:00-09:00']],
    ['7:00 — 9:00 Uhr', ['07:00-09:00']],
    ['7 – 9 Uhr', ['07:00-09:00']],
    ['vormittags 8-12', ['08:00-12:00']],
    ['nachmittags 1-3', ['13:00-15:00']],
    ['nachm. 14-16 Uhr', ['14:00-16:00']],
    ['ab 7 Uhr stündlich bis 10 Uhr je ein LKW', ['07:00', '08:00', '09:00', '10:00']],
    ['stündlich 7-10 Uhr', ['07:00', '08:00', '09:00', '10:00']],
    ['von 6 bis 12 Uhr alle 2 Stunden einen LKW', ['06:00', '08:00', '10:00', '12:00']],
    ['ab 6 Uhr halbstündlich bis 7 Uhr', ['06:00', '06:30', '07:00']],
    ['3 LKW ab 7 Uhr stündlich', ['07:00', '08:00', '09:00']],
    ['Uhrzeit: 9', ['09:00']],
    ['Zeit - 7.30', ['07:30']],
    ['Lieferzeit 3 Tage', ['08:00']],
    ['morgens 8 und 10 Uhr', ['08:00', '10:00']],
    ['nachmittags zwischen 1 und 3', ['13:00-15:00']],
  ])('%s', (text, times) => {
    expect(first(text).map((o) => (o.deliveryTimeType === 'range' ? `${o.deliveryTimeFrom}-${o.deliveryTimeTo}` : o.deliveryTimeFixed))).toEqual(times);
  });

  it.each([
    ['26,5 t', [26.5], 'to'],
    ['26.5 Tonnen', [26.5], 'to'],
    ['12 m³', [12], 'm3'],
    ['12 cbm', [12], 'm3'],
    ['500 kg', [500], 'kg'],
    ['zwei LKW', [25, 25], 'to'],
    ['2 Fahrzeuge à 20 t', [20, 20], 'to'],
    ['2 LKW 50 t', [25, 25], 'to'],
    ['2 LKW, insgesamt 40 t', [20, 20], 'to'],
    ['per LKW', [25], 'to'],
    ['2 Fz.', [25, 25], 'to'],
    ['Menge: 20 t', [20], 'to'],
    ['3x 16 t', [16, 16, 16], 'to'],
    ['2x 7 Uhr und 1x 10 Uhr, insgesamt 75 t', [25, 25, 25], 'to'],
  ])('%s', (text, quantities, unit) => {
    const orders = first(text);
    expect(orders.map((o) => o.quantity)).toEqual(quantities);
    expect(orders.every((o) => o.unit === unit)).toBe(true);
  });
});

describe('purity', () => {
  it('gives the same answer for the same input, also with a fresh catalogue object', () => {
    const text = 'Elbe Bau: 2 LKW Sand 0/2 von Schwarzenbek nach Billbrook, morgen 7, 9 Uhr, Tor 3';
    const a = parseOrderText(text, demoCatalogue, REF);
    const b = parseOrderText(text, demoCatalogue, REF);
    const c = parseOrderText(text, structuredClone(demoCatalogue), REF);
    expect(b).toEqual(a);
    expect(c).toEqual(a);
  });

  it('never throws on odd input and refuses only a malformed reference date', () => {
    for (const text of ['\u0000', '😀 Kies', '////', '8/16/32', '-1 t', '99999999999 LKW', 'Silo 2 2 LKW', 'a'.repeat(2000), '7 und und Uhr']) {
      expect(() => parseOrderText(text, demoCatalogue, REF)).not.toThrow();
    }
    expect(() => parseOrderText('Kies', demoCatalogue, '20.11.2026')).toThrow(RangeError);
  });
});

describe('drafts before creation (§5.1 second message set)', () => {
  const complete = parseOrderText('Kies 8/16 Moorburg Halde Nord nach Kiel morgen 7 Uhr', demoCatalogue, REF).orders[0]!;
  const refusal = (draft: Partial<OrderDraft>) => {
    try {
      checkOrderDraft({ ...complete, ...draft });
      return null;
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      return (error as DomainError).message;
    }
  };

  it('accepts a complete draft and maps it to the order input', () => {
    expect(refusal({})).toBeNull();
    expect(orderInputFromDraft(complete)).toMatchObject({
      plantId: 'plant-kieswerk-moorburg',
      deliveryPlantId: 'plant-betonwerk-kiel',
      loadingPointId: 'lp-kieswerk-moorburg-halde-nord',
      materialId: 'material-kies-8-16',
      deliveryTimeFixed: '07:00',
    });
  });

  it('refuses in the order of the card with the texts of the spec', () => {
    const q = messages.validation.quickOrder;
    expect(refusal({ materialId: null, customerId: null, loadingPlantId: null, deliveryPlantId: null })).toBe(messages.orderText.nothingRecognised);
    expect(refusal({ materialId: null })).toBe(q.selectMaterial);
    expect(refusal({ loadingPointId: null })).toBe(q.selectLoadingPoint);
    expect(refusal({ deliveryPlantId: null })).toBe(q.selectDeliveryPlant);
    expect(refusal({ quantity: 0 })).toBe(q.validQuantity);
    expect(refusal({ quantity: null })).toBe(q.validQuantity);
    expect(refusal({ deliveryDate: null })).toBe(q.selectDeliveryDate);
    expect(refusal({ deliveryTimeFixed: null })).toBe(q.enterTime);
    expect(refusal({ deliveryTimeType: 'range', deliveryTimeFixed: null, deliveryTimeFrom: '08:00', deliveryTimeTo: null })).toBe(q.completeTimeRange);
    expect(refusal({ loadingPlantId: null })).toBe(q.plantsMustDiffer);
    expect(refusal({ loadingPlantId: 'plant-betonwerk-kiel' })).toBe(q.plantsMustDiffer);
  });
});

describe('remarks that sound like names', () => {
  const only = (text: string) => parseOrderText(text, demoCatalogue, REF).orders.map(seen)[0];

  it('takes a loading point without its plant only when named clearly: `Einfahrt Nord` is no `Halde Nord`', () => {
    expect(only('Kies 8/16 nach Kiel morgen 8 Uhr, Einfahrt Nord gesperrt')).toMatchObject({ from: null, point: null, notes: 'Einfahrt Nord gesperrt' });
    expect(only('Kies 8/16 von Halde Nord nach Kiel')).toMatchObject({ from: 'Kieswerk Moorburg', point: 'Halde Nord' });
  });

  it('leaves out a greeted name in a text written without capitals, as voice-to-text writes it', () => {
    expect(only('hallo frank hier nordbeton wir brauchen morgen kies acht sechzehn nach kiel')?.notes).toBeNull();
  });
});

describe('the second round of issue 21 (unseen-7)', () => {
  const orders = (text: string) => parseOrderText(text, demoCatalogue, REF).orders.map(seen);
  const times = (text: string) => orders(text).map((o) => o.time);

  it('reads hours with `h` in a slash list, a step said as `im 2-Stunden-Takt`, and a range of bare hours after the day', () => {
    expect(times('Hüttensand vom Terminal nach Kiel, Montag 7h/10h')).toEqual(['07:00', '10:00']);
    expect(times('Sand 0/2 Schwarzenbek nach Kiel Montag ab 6 Uhr im 3-Stunden-Takt bis 12 Uhr')).toEqual(['06:00', '09:00', '12:00']);
    expect(times('Kies 8/16 Moorburg nach Kiel Di. 7-9')).toEqual(['07:00-09:00']);
    // A grain size is no range of hours, nor a range that runs backwards.
    expect(times('Kies 8/16 Moorburg nach Kiel Di. 9-7')).toEqual(['08:00']);
  });

  it('reads `übernächste Woche Montag` and a day after a form label (`Datum=Fr.`)', () => {
    expect(orders('Kies 8/16 nach Kiel, übernächste Woche Montag 7 Uhr')[0]?.date).toBe('2026-11-30');
    expect(orders('Kies 8/16 nach Kiel, Dienstag übernächster Woche 7 Uhr')[0]?.date).toBe('2026-12-01');
    expect(orders('Material=Kies 8/16; Lieferort=Kiel; Datum=Fr.; Uhrzeit=9')[0]?.date).toBe('2026-11-27');
    expect(orders('Guten Tag Fr. Wolff, Kies 8/16 nach Spandau morgen 7 Uhr')[0]).toMatchObject({ date: '2026-11-21', customer: 'Berliner Betonwerke GmbH' });
  });

  it('reads a town by its adjective before the kind of plant: `Bremer Werk`', () => {
    expect(orders('Splitt 2/5 vom Terminal ins Bremer Werk, Mittwoch 7 Uhr')[0]?.to).toBe('Betonwerk Bremen');
  });

  it('keeps shorthand of the letter and the phone out of the notes, and a remark with a dotted abbreviation whole', () => {
    expect(orders('Meier KG i.A. Thomas Meier: Kies 8/16 nach Bremen Mi. 8 Uhr')[0]?.notes).toBeNull();
    expect(orders('lt. Tel. Hr. Petersen Kies 8/16 nach Kiel Mi. 8 Uhr')[0]?.notes).toBeNull();
    expect(orders('Kies 8/16 nach Kiel Mi. 8 Uhr, evtl. etwas später')[0]?.notes).toBe('evtl. etwas später');
    expect(orders('kis 8/16 nach Kiel Mi. 8 Uhr')[0]).toMatchObject({ material: 'Kies 8/16', notes: null });
  });

  it('refuses a delivery that was on time, a bill charged wrong and a site at rest', () => {
    expect(orders('Lieferung Kies 8/16 nach Kiel am Do. war pünktlich, Nordbeton')).toEqual([]);
    expect(orders('Rechnungskorrektur: Kies 8/16 nach Kiel 3x berechnet statt 2x')).toEqual([]);
    expect(orders('Nordbeton: Do. bitte kein Kies nach Kiel, Baustelle ruht')).toEqual([]);
  });
});
