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
    ['Schröder fragt, ob der Schotter morgen kommt', t.enquiry],
    ['Meier fragt nach dem Preis für Splitt 2/5', t.enquiry],
    ['Nordbeton sagt die Lieferung Kies 8/16 für Dienstag ab', t.cancellation],
    ['Bitte den LKW Sand 0/2 nach Lübeck für Montag streichen', t.cancellation],
    ['Könnt ihr die Fuhre Sand für Meier von Montag auf Dienstag legen?', t.cancellation],
    ['LKW 3 hat einen Platten, steht in Kaltenkirchen', t.deliveryReport],
    ['Der LKW aus Moorburg steht seit einer Stunde vor dem Tor in Billbrook', t.deliveryReport],
    ['Nordbeton zahlt seit Wochen nicht', t.nothingToDeliver],
    ['Guten Tag, hier spricht Frau Wolff', t.nothingToDeliver],
    // The dot of an abbreviation or a date ends no question.
    ['Kommt der Kies 8/16 für Kiel am Do. noch vor 10 Uhr? Nordbeton', t.enquiry],
    ['Kommt der Splitt für Bremen am 24.11. pünktlich?', t.enquiry],
    ['Können Sie uns sagen, ob am Mo. 8-12 Uhr noch Hüttensand nach Billbrook geht? Hansa', t.enquiry],
    ['Die stündlichen Touren Moorburg – Kiel fallen morgen aus', t.cancellation],
    ['vielen dank für die schnelle lieferung nach spandau', t.deliveryReport],
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

  it('still reads a request passed on, and words that only look like a cancellation', () => {
    const orders = (text: string) => parseOrderText(text, demoCatalogue, REF).orders.length;
    expect(orders('Nordbeton fragt nach 2 LKW Kies 8/16 für morgen nach Kiel')).toBe(2);
    expect(orders('Die Hansa braucht morgen Kies 8/16 nach Billbrook, fragt, ob das um 7 geht')).toBe(1);
    expect(orders('Hansa bestellt 2 LKW Kies 8/16 ab Moorburg nach Billbrook')).toBe(2);
    expect(orders('Sand 0/2 zum Pflaster verlegen nach Kiel, Mo')).toBe(1);
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
