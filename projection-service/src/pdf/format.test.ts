import { messages } from '@dispo/domain/messages';
import { describe, expect, it } from 'vitest';
import {
  formatDateDe,
  formatDeliveryTime,
  formatIsoDateDe,
  formatNumberDe,
  formatQuantity,
  formatWeight,
  fullName,
  labelOf,
  pdfFileName,
  plantAddressLines,
  specialNeeds,
} from './format';

describe('dates', () => {
  it('shows an instant as its Berlin day in dd.mm.yyyy', () => {
    expect(formatDateDe(new Date('2026-11-21T09:15:00Z'))).toBe('21.11.2026');
    // 23:30 UTC is already the next day in Berlin (winter +1, summer +2).
    expect(formatDateDe(new Date('2026-11-22T23:30:00Z'))).toBe('23.11.2026');
    expect(formatDateDe(new Date('2026-06-30T22:30:00Z'))).toBe('01.07.2026');
    expect(formatDateDe(new Date('2027-01-05T12:00:00Z'))).toBe('05.01.2027');
  });

  it('turns a calendar date YYYY-MM-DD into dd.mm.yyyy without any time-zone shift', () => {
    expect(formatIsoDateDe('2026-11-23')).toBe('23.11.2026');
    expect(formatIsoDateDe('2027-01-01')).toBe('01.01.2027');
    expect(formatIsoDateDe('morgen')).toBe('morgen');
  });
});

describe('delivery time', () => {
  const base = { deliveryTimeFixed: null, deliveryTimeFrom: null, deliveryTimeTo: null };

  it('shows a fixed time and a range with "Uhr"', () => {
    expect(formatDeliveryTime({ ...base, deliveryTimeType: 'fixed', deliveryTimeFixed: '08:00' })).toBe('08:00 Uhr');
    expect(formatDeliveryTime({ ...base, deliveryTimeType: 'range', deliveryTimeFrom: '08:00', deliveryTimeTo: '17:00' })).toBe(
      '08:00 – 17:00 Uhr',
    );
  });

  it('shows the empty mark when the time is missing', () => {
    expect(formatDeliveryTime({ ...base, deliveryTimeType: 'fixed' })).toBe(messages.orderTable.notSet);
    expect(formatDeliveryTime({ ...base, deliveryTimeType: 'range', deliveryTimeFrom: '08:00' })).toBe(messages.orderTable.notSet);
  });
});

describe('numbers, quantities and weights', () => {
  it('uses the German decimal comma and thousands point', () => {
    expect(formatNumberDe(27)).toBe('27');
    expect(formatNumberDe(12.5)).toBe('12,5');
    expect(formatNumberDe(1234.567)).toBe('1.234,57');
  });

  it('names the unit in full', () => {
    expect(formatQuantity(27, 'to')).toBe('27 Tonnen');
    expect(formatQuantity(12.5, 'm3')).toBe('12,5 Kubikmeter');
    expect(formatQuantity(500, 'kg')).toBe('500 Kilogramm');
    expect(formatQuantity(3, 'stueck')).toBe('3 Stück');
    expect(formatQuantity(3, 'palette')).toBe('3 palette');
  });

  it('shows a weight in t, or nothing without one', () => {
    expect(formatWeight(27.5)).toBe('27,5 t');
    expect(formatWeight(null)).toBeNull();
  });

  it('looks labels up and keeps unknown values', () => {
    expect(labelOf(messages.labels.priority, 'urgent')).toBe('Dringend');
    expect(labelOf(messages.labels.transportType, 'pumpe')).toBe('Pumpe');
    expect(labelOf(messages.labels.transportType, 'sonder')).toBe('sonder');
  });
});

describe('plants, needs, names and file names', () => {
  const plant = {
    name: 'Zementwerk Lägerdorf',
    street: 'Am Zementwerk 1',
    postalCode: '25566',
    city: 'Lägerdorf',
    address: 'Am Zementwerk 1, 25566 Lägerdorf',
    contactPerson: null,
    phone: null,
  };

  it('prints street, then postal code and city; the combined address only when the street is unknown', () => {
    expect(plantAddressLines(plant)).toEqual(['Am Zementwerk 1', '25566 Lägerdorf']);
    expect(plantAddressLines({ ...plant, street: null })).toEqual(['Am Zementwerk 1, 25566 Lägerdorf']);
    expect(plantAddressLines({ ...plant, street: null, address: null, postalCode: null })).toEqual(['Lägerdorf']);
    expect(plantAddressLines({ ...plant, street: null, address: null, postalCode: null, city: null })).toEqual([]);
  });

  it('lists pump and crane as special needs', () => {
    expect(specialNeeds({ pumpAvailable: false, craneAvailable: false })).toEqual([]);
    expect(specialNeeds({ pumpAvailable: true, craneAvailable: true })).toEqual([
      messages.orderPdf.pumpRequired,
      messages.orderPdf.craneRequired,
    ]);
  });

  it('joins first and last name', () => {
    expect(fullName('Frank', 'Berger')).toBe('Frank Berger');
    expect(fullName(' ', 'Berger')).toBe('Berger');
    expect(fullName('', '')).toBeNull();
    expect(fullName(undefined, null)).toBeNull();
  });

  it('names the files Auftrag_{orderNumber}.pdf and Storno_{orderNumber}.pdf, safe for a header', () => {
    expect(pdfFileName('order', 'S261121-4711')).toBe('Auftrag_S261121-4711.pdf');
    expect(pdfFileName('storno', 'S261121-4711')).toBe('Storno_S261121-4711.pdf');
    expect(pdfFileName('order', 'a"b\r\nc/ä')).toBe('Auftrag_a_b__c__.pdf');
  });
});
