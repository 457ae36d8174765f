import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { messages } from '@dispo/domain/messages';
import { describe, expect, it } from 'vitest';
import type { OrderDocument } from './order-document';
import { renderOrderPdf } from './render-order-pdf';
import { pdfToText } from './testing';

const now = new Date('2026-11-22T10:00:00Z');

function fullOrder(overrides: Partial<OrderDocument> = {}): OrderDocument {
  return {
    id: 'order-1',
    orderNumber: 'S261121-4711',
    createdAt: new Date('2026-11-21T09:15:00Z'),
    deliveryDate: '2026-11-23',
    deliveryTimeType: 'range',
    deliveryTimeFixed: null,
    deliveryTimeFrom: '08:00',
    deliveryTimeTo: '17:00',
    loadingPlant: {
      name: 'Zementwerk Lägerdorf',
      street: 'Am Zementwerk 1',
      postalCode: '25566',
      city: 'Lägerdorf',
      address: 'Am Zementwerk 1, 25566 Lägerdorf',
      contactPerson: 'Ole Thiessen',
      phone: '04828 90-0',
    },
    deliveryPlant: {
      name: 'Betonwerk Kiel',
      street: 'Wik 2',
      postalCode: '24106',
      city: 'Kiel',
      address: null,
      contactPerson: 'Jörg Süß',
      phone: '0431 12345',
    },
    loadingPoint: 'Silo 1',
    material: { name: 'CEM I 42,5 R', category: 'Zement', code: 'Z-1425R' },
    materialSpecification: 'lose, „frisch“ – ohne Zusätze',
    quantity: 27.5,
    unit: 'to',
    weightTons: 27.5,
    priority: 'urgent',
    transportType: 'silo',
    pumpAvailable: true,
    craneAvailable: false,
    accessConditions: 'Zufahrt über Tor 3',
    vehicleRequirements: 'Silozug mit Kompressor',
    deliveryAddress: 'Baustelle Holtenauer Straße 100, 24105 Kiel',
    deliveryContactPerson: 'Łukasz Nowak',
    deliveryPhone: '0171 2345678',
    notes: 'Bitte 30 Minuten vorher anrufen. Wartezeit 12,50 € je Stunde.',
    customer: { company: 'Nordbeton GmbH', contactPerson: 'Jan Petersen', email: 'disposition@nordbeton.example', phone: null },
    ...overrides,
  };
}

function minimalOrder(): OrderDocument {
  return fullOrder({
    deliveryTimeType: 'fixed',
    deliveryTimeFixed: '08:00',
    deliveryTimeFrom: null,
    deliveryTimeTo: null,
    materialSpecification: null,
    weightTons: null,
    priority: 'normal',
    transportType: 'standard',
    pumpAvailable: false,
    accessConditions: null,
    vehicleRequirements: null,
    deliveryAddress: null,
    deliveryContactPerson: null,
    deliveryPhone: null,
    notes: null,
    customer: null,
  });
}

const run = promisify(execFile);

async function pageCount(pdf: Buffer): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), 'dispo-pdf-'));
  try {
    await writeFile(join(dir, 'd.pdf'), pdf);
    const { stdout } = await run('pdfinfo', [join(dir, 'd.pdf')]);
    return Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('renderOrderPdf', () => {
  it('renders the transport order with every field on one A4 page', async () => {
    const pdf = await renderOrderPdf(fullOrder(), { storno: false, now });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
    expect(await pageCount(pdf)).toBe(1);

    const text = await pdfToText(pdf);
    for (const expected of [
      messages.orderPdf.company.name,
      messages.orderPdf.company.street,
      'Transportauftrag',
      'S261121-4711',
      '21.11.2026',
      '23.11.2026',
      '08:00 – 17:00 Uhr',
      'Zementwerk Lägerdorf',
      'Am Zementwerk 1',
      '25566 Lägerdorf',
      'Ole Thiessen',
      '04828 90-0',
      'Silo 1',
      'Betonwerk Kiel',
      '24106 Kiel',
      'Jörg Süß',
      'CEM I 42,5 R',
      'Z-1425R',
      'Zement',
      'lose, „frisch“ – ohne Zusätze',
      '27,5 Tonnen',
      '27,5 t',
      'Dringend',
      'Silo',
      'Pumpe erforderlich',
      'Zufahrt über Tor 3',
      'Silozug mit Kompressor',
      'Abweichende Lieferadresse',
      'Baustelle Holtenauer Straße 100, 24105 Kiel',
      // Ł has no Helvetica glyph: printed as L instead of garbage.
      'Lukasz Nowak',
      '0171 2345678',
      'Nordbeton GmbH',
      'Jan Petersen',
      'Bitte 30 Minuten vorher anrufen. Wartezeit 12,50 € je Stunde.',
      'Unterschrift Fahrer',
      'Unterschrift Empfänger',
      'Datum',
      'Seite 1 von 1',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('Kran erforderlich');
    expect(text).not.toMatch(/storn/i);
  });

  it('leaves out the sections of a plain order that have nothing to show', async () => {
    const text = await pdfToText(await renderOrderPdf(minimalOrder(), { storno: false, now }));
    expect(text).toContain('08:00 Uhr');
    expect(text).not.toContain('08:00 –');
    expect(text).toContain(messages.orderPdf.none);
    for (const absent of ['Abweichende Lieferadresse', 'Kunde', 'Bemerkungen', 'Spezifikation', 'Gewicht', 'Zufahrtsbedingungen']) {
      expect(text, absent).not.toContain(absent);
    }
  });

  it('names quantities in each unit', async () => {
    for (const [unit, expected] of [
      ['m3', '12,5 Kubikmeter'],
      ['kg', '12,5 Kilogramm'],
      ['stueck', '12,5 Stück'],
    ] as const) {
      const text = await pdfToText(await renderOrderPdf(fullOrder({ unit, quantity: 12.5 }), { storno: false, now }));
      expect(text).toContain(expected);
    }
  });

  it('marks the storno variant with title, banner and the canceller, without signature lines', async () => {
    const pdf = await renderOrderPdf(fullOrder(), { storno: true, cancelledBy: 'Frank Berger', now });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfToText(pdf);
    expect(text).toContain('STORNO – Transportauftrag');
    expect(text).toContain('Storniert am 22.11.2026 durch Frank Berger');
    expect(text).toContain(messages.orderPdf.stornoNotice);
    expect(text).toContain('S261121-4711');
    expect(text).toContain('Zementwerk Lägerdorf');
    expect(text).not.toContain('Unterschrift Fahrer');
  });

  it('words the storno line without a name when none is known', async () => {
    const text = await pdfToText(await renderOrderPdf(minimalOrder(), { storno: true, cancelledBy: null, now }));
    expect(text).toContain('Storniert am 22.11.2026');
    expect(text).not.toContain('durch');
  });

  it('continues long notes on further pages, numbers every page and ends with the signatures', async () => {
    const sentence = 'Anfahrt nur über die Nordseite, Wendeplatz freihalten. ';
    const notes = sentence.repeat(70) + 'ENDE DER BEMERKUNG';
    const pdf = await renderOrderPdf(fullOrder({ notes }), { storno: false, now });
    const pages = await pageCount(pdf);
    expect(pages).toBeGreaterThan(1);
    const text = await pdfToText(pdf);
    for (let page = 1; page <= pages; page++) expect(text).toContain(`Seite ${page} von ${pages}`);
    expect(text).toContain('ENDE DER BEMERKUNG');
    // Nothing is lost: every sentence of the notes is in the document.
    expect(text.replace(/\s+/g, ' ').split('Wendeplatz freihalten.').length - 1).toBe(70);
    expect(text.indexOf('Unterschrift Fahrer')).toBeGreaterThan(text.indexOf('ENDE DER BEMERKUNG'));
  });

  it('does not throw on text outside the font and prints a stand-in instead', async () => {
    const text = await pdfToText(await renderOrderPdf(fullOrder({ notes: 'Kran 🏗 bestellt' }), { storno: false, now }));
    expect(text).toContain('Kran ? bestellt');
  });
});
