import { describe, expect, it } from 'vitest';
import { historyDetailItems, unlabelledDetailKeys } from './history-details';

describe('historyDetailItems', () => {
  it('labels an appointment in German, money in EUR, dates de-DE, and leaves the ids out', () => {
    const details = {
      appointmentId: 'a-1',
      type: 'HU',
      date: '2026-11-26',
      time: '15:00',
      workshop: 'MAN Truck & Bus Service Neumünster',
      notes: null,
      estimatedCost: 1250.5,
      detectedKeywords: ['auflieger'],
      originalVehicleId: 'v-1',
    };
    expect(historyDetailItems(details)).toEqual([
      { label: 'Terminart', text: 'HU' },
      { label: 'Datum', text: '26.11.2026' },
      { label: 'Uhrzeit', text: '15:00' },
      { label: 'Werkstatt', text: 'MAN Truck & Bus Service Neumünster' },
      { label: 'Notizen', text: '—' },
      { label: 'Geschätzte Kosten', text: '1.250,50\u00a0€' },
      { label: 'Erkannte Stichworte', text: 'auflieger' },
    ]);
    expect(unlabelledDetailKeys(details)).toEqual([]);
  });

  it('shows changes as old → new with the labels of the vehicle fields and their values', () => {
    expect(historyDetailItems({ changes: { vehicleType: 'lkw_aufbau', axles: 3 }, previous: { vehicleType: 'zugmaschine', axles: 2 } })).toEqual([
      { label: 'Fahrzeugtyp', text: 'Zugmaschine → LKW mit Aufbau' },
      { label: 'Achsen', text: '2 → 3' },
    ]);
  });

  it('shows a deadline warning and a deadline change', () => {
    expect(historyDetailItems({ day: '2026-11-26', dueDate: '2026-11-23', deadline: 'inspection', daysUntil: -3 })).toEqual([
      { label: 'Festgestellt am', text: '26.11.2026' },
      { label: 'Fällig am', text: '23.11.2026' },
      { label: 'Frist', text: 'HU' },
      { label: 'Tage bis zur Fälligkeit', text: '-3' },
    ]);
    expect(historyDetailItems({ deadline: 'tuv', from: null, to: '2027-05-05' })).toEqual([
      { label: 'Frist', text: 'TÜV' },
      { label: 'Änderung', text: '— → 05.05.2027' },
    ]);
  });

  it('names keys it cannot show, so a new kind of entry does not go unlabelled', () => {
    expect(unlabelledDetailKeys({ revenueEur: 3, tourId: 't-1', changes: { colour: 'rot' } })).toEqual(['revenueEur', 'colour']);
  });
});
