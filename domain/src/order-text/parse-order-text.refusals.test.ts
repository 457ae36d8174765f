import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { PREVIEW_ABOVE, parseOrderText } from './parse-order-text';
import { demoCatalogue } from './testing/demo-catalogue';

const REF = '2026-11-20';
const t = messages.orderText;

describe('texts that name records but order nothing', () => {
  it.each([
    ['Wann kommt der Kies für Elbe Bau?', t.enquiry],
    ['Ist der Auftrag für Nordbeton schon raus?', t.enquiry],
    ['Frau Schulz von der Hansa bittet um Rückruf', t.callback],
    ['Nordbeton storniert den Auftrag für morgen', t.cancellation],
    ['Lieferung Kiel von heute auf Montag verschieben', t.cancellation],
    ['Die Ladung Kies 8/16 in Kiel ist angekommen', t.deliveryReport],
    ['Nordbeton zahlt seit Wochen nicht', t.nothingToDeliver],
    ['Guten Tag, hier spricht Frau Wolff', t.nothingToDeliver],
  ])('%s', (text, reason) => {
    const result = parseOrderText(text, demoCatalogue, REF);
    expect(result.orders).toEqual([]);
    expect(result.confidence).toBeLessThanOrEqual(PREVIEW_ABOVE);
    expect(result.hints).toContain(reason);
  });

  it('still reads a request phrased as a question, a name alone, and a route without material', () => {
    expect(parseOrderText('Könnt ihr morgen 2 LKW Kies 8/16 von Moorburg nach Kiel bringen?', demoCatalogue, REF).orders).toHaveLength(2);
    expect(parseOrderText('Bremer Bauunion', demoCatalogue, REF).orders[0]?.customerName).toBe('Bremer Bauunion eG');
    expect(parseOrderText('Kies 4/8 von Moorburg nach Kiel', demoCatalogue, REF).orders).toHaveLength(1);
  });
});

describe('the default amount', () => {
  it('is one truckload of the material, and the hint says how much', () => {
    const flugasche = parseOrderText('Flugasche nach Kiel', demoCatalogue, REF);
    expect(flugasche.orders[0]).toMatchObject({ quantity: 25, unit: 'to' });
    expect(flugasche.hints).toContain(t.defaultQuantityOf('25 t'));
    expect(parseOrderText('Frostschutzkies nach Kiel', demoCatalogue, REF).hints).toContain(t.defaultQuantityOf('16 m³'));
    expect(parseOrderText('Kies 8/16 nach Kiel', demoCatalogue, REF).hints).toContain(t.defaultQuantity);
  });
});
