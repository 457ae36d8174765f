import { describe, expect, it } from 'vitest';
import { parseOrderText } from './parse-order-text';
import { demoCatalogue } from './testing/demo-catalogue';

const read = (text: string) => parseOrderText(text, demoCatalogue, '2026-11-20').orders;

describe('the header lines of a forwarded e-mail', () => {
  it('give no delivery date or time', () => {
    const orders = read('Gesendet: Donnerstag, 19. November 2026 16:02 Betreff: Bestellung – Montag 27 t CEM I aus Lägerdorf nach Kiel, 7 Uhr');
    expect(orders.map((o) => [o.deliveryDate, o.deliveryTimeFixed])).toEqual([['2026-11-23', '07:00']]);
  });

  it('nor does the line a quoted answer starts with', () => {
    const orders = read('Am 19.11.2026 um 16:02 schrieb Maria Schulz: morgen 25 t Sand 0/2 aus Schwarzenbek nach Billbrook, 8 Uhr');
    expect(orders.map((o) => [o.deliveryDate, o.deliveryTimeFixed])).toEqual([['2026-11-21', '08:00']]);
  });

  it('leave of an address only the domain name, which may name the customer', () => {
    const [order] = read('Von: Jan Petersen <j.petersen@nordbeton.de> An: dispo@firma.de – Montag 27 t Kies 8/16 aus Moorburg nach Kiel, 7 Uhr');
    expect(order?.customerName).toBe('Nordbeton GmbH');
    expect(order?.notes).toBeNull();
  });
});
