import { messages } from '@dispo/domain/messages';
import { describe, expect, it } from 'vitest';
import { renderTourPlanPdf, tourPlanFileName } from './render-tour-plan-pdf';
import { pdfToText } from './testing';
import { estimatedArrival, type TourPlanStop, type TourPlanTour, tourPlanOf } from './tour-plan-document';

const now = new Date('2026-11-22T14:00:00Z');

function stop(orderNumber: string, sequenceNumber: number, startTime: string, extra: Partial<TourPlanStop> = {}): TourPlanStop {
  return {
    orderId: `id-${orderNumber}`,
    orderNumber,
    sequenceNumber,
    estimatedArrival: estimatedArrival(startTime, sequenceNumber),
    loadingPlant: 'Zementwerk Lägerdorf',
    loadingPoint: 'Silo 1',
    deliveryPlant: 'Betonwerk Kiel',
    material: 'CEM I 42,5 R',
    quantity: 27,
    unit: 'to',
    tons: 27,
    customer: 'Nordbeton GmbH',
    notes: null,
    ...extra,
  };
}

function tour(
  tourNumber: string,
  licensePlate: string | null,
  startTime: string,
  stops: TourPlanStop[],
  extra: Partial<TourPlanTour> = {},
): TourPlanTour {
  return {
    id: `tour-${tourNumber}`,
    tourNumber,
    vehicleId: `v-${licensePlate ?? tourNumber}`,
    licensePlate,
    startTime,
    endTime: null,
    status: 'planned',
    stops,
    ...extra,
  };
}

/** pdftotext keeps the table's columns apart with runs of spaces; one space is enough to compare. */
const squeeze = (s: string) => s.replace(/\s+/g, ' ');

describe('renderTourPlanPdf', () => {
  const plan = tourPlanOf('2026-11-23', [
    tour(
      'T261123-0002',
      'SE-KL 10',
      '09:30',
      [
        stop('S261121-2001', 2, '09:30', {
          deliveryPlant: 'Baustelle Süderstraße',
          quantity: 12.5,
          unit: 'm3',
          tons: null,
          customer: 'Bauhof Jörg Müller',
          notes: 'Anfahrt über Tor 3 – Wartezeit 12,50 €',
        }),
        stop('S261121-2000', 1, '09:30'),
      ],
      { endTime: '12:00', status: 'in_progress' },
    ),
    tour('T261123-0001', 'SE-KL 9', '07:00', [
      stop('S261121-1000', 1, '07:00'),
      stop('S261121-1001', 2, '07:00'),
      stop('S261121-1002', 3, '07:00'),
    ]),
    tour('T261123-0003', null, '06:00', [stop('S261121-3000', 1, '06:00', { quantity: 24, tons: 24 })]),
    tour('T261123-0004', 'AB-C 1', '11:00', [stop('S261121-4000', 1, '11:00')], { status: 'cancelled' }),
  ]);

  it('sorts the tours by licence plate (numeric parts by value), unknown plates last', () => {
    expect(plan.tours.map((t) => t.tourNumber)).toEqual(['T261123-0004', 'T261123-0001', 'T261123-0002', 'T261123-0003']);
    expect(plan.tours[2]?.stops.map((s) => s.sequenceNumber)).toEqual([1, 2]);
    // The cancelled tour is listed but carries nothing: 4 orders over three tours, 27·3 + 27 + 24 t.
    expect(plan.totals).toEqual({ tours: 3, vehicles: 3, orders: 6, tons: 132 });
  });

  it('prints every tour in plate order with its orders, arrival times, plants, materials and quantities', async () => {
    const pdf = await renderTourPlanPdf(plan, { now });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = squeeze(await pdfToText(pdf));

    expect(text).toContain('Tourenplan für Montag, 23. November 2026');
    expect(text).toContain('Stand: 22.11.2026, 15:00 Uhr');
    const positions = [
      'Tour T261123-0004 – AB-C 1',
      'Tour T261123-0001 – SE-KL 9',
      'Tour T261123-0002 – SE-KL 10',
      'Tour T261123-0003 – Fahrzeug-ID v-T261123-0003',
    ].map((h) => text.indexOf(h));
    expect(
      positions.every((p) => p >= 0),
      text,
    ).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);

    // Orders in sequence with start + 30 min per stop before them.
    const first = text.indexOf('Tour T261123-0001');
    const tourOne = text.slice(first, text.indexOf('Tour T261123-0002'));
    expect(tourOne).toMatch(/1 07:00 Uhr\s+S261121-1000/);
    expect(tourOne).toMatch(/2 07:30 Uhr\s+S261121-1001/);
    expect(tourOne).toMatch(/3 08:00 Uhr\s+S261121-1002/);
    expect(tourOne).toContain('Ende: ca. 08:00 Uhr');
    const tourTwo = text.slice(text.indexOf('Tour T261123-0002'), text.indexOf('Tour T261123-0003'));
    expect(tourTwo.indexOf('S261121-2000')).toBeLessThan(tourTwo.indexOf('S261121-2001'));
    expect(tourTwo).toMatch(/2 10:00 Uhr\s+S261121-2001/);
    expect(tourTwo).toContain('Ende: 12:00 Uhr');
    expect(tourTwo).toContain('Status: Unterwegs');

    // A narrow quantity cell wraps its unit; pdftotext may read the next cell in between.
    expect(text).toMatch(/12,5 (?:\S+ ){0,4}Kubikmeter/);
    for (const expected of [
      'Zementwerk Lägerdorf',
      'Silo 1',
      'Betonwerk Kiel',
      'Baustelle Süderstraße',
      'CEM I 42,5 R',
      '27 Tonnen',
      'Nordbeton GmbH',
      'Bauhof Jörg Müller',
      'Anfahrt über Tor 3 – Wartezeit 12,50 €',
      'Status: Storniert',
      messages.tourPlan.cancelledNotCounted,
      '132 t',
      'Seite 1 von',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('says that no tours are planned on an empty day', async () => {
    const text = await pdfToText(await renderTourPlanPdf(tourPlanOf('2026-12-24', []), { now }));
    expect(text).toContain('Tourenplan für Donnerstag, 24. Dezember 2026');
    expect(text).toContain(messages.tourPlan.empty);
    expect(text).not.toContain('Zusammenfassung');
  });

  it('runs onto further pages with the table header repeated', async () => {
    const stops = Array.from({ length: 40 }, (_, i) =>
      stop(`S261121-5${String(i).padStart(3, '0')}`, i + 1, '06:00', { notes: 'Bitte vorher anrufen.\nZweite Zeile.' }),
    );
    const text = await pdfToText(
      await renderTourPlanPdf(tourPlanOf('2026-11-23', [tour('T261123-0005', 'KI-LL 1', '06:00', stops)]), { now }),
    );
    expect(text).toContain('S261121-5039');
    expect(text).toMatch(/Seite 2 von \d/);
    expect(text.split(messages.tourPlan.columns.loading).length - 1).toBeGreaterThan(1);
  });

  it('names the download Tourenplan_{date}.pdf', () => {
    expect(tourPlanFileName('2026-11-23')).toBe('Tourenplan_2026-11-23.pdf');
  });
});
