import { messages } from '@dispo/domain/messages';
import { unlabelledDetailKeys } from '@dispo/domain/vehicle/history-details';
import { VEHICLE_HISTORY_ACTIONS } from '@dispo/domain/vehicle/history-actions';
import type { RecordedEvent } from '@dispo/events/envelope';
import { describe, expect, it } from 'vitest';
import { historyEntriesOf, type HistoryLookups } from './history-entries';

const lookups: HistoryLookups = {
  userName: async () => null,
  trailerPlate: async () => null,
  vehiclePlate: async () => 'IZ-MS 101',
  appointment: async () => null,
  tour: async (id) => ({ tourId: id, vehicleId: 'v-1', tourNumber: 'T261120-0001', date: '2026-11-20', startTime: '07:30' }),
  tourBilledWith: async () => null,
};
const at = '2026-11-20T16:00:00.000Z';
const recorded = (type: string, data: unknown): RecordedEvent => ({
  eventId: 'e-1',
  type,
  schemaVersion: 1,
  data,
  metadata: { userId: null, correlationId: 'c', causationId: null, occurredAt: at, commandName: 'ChangeTourStatus' },
  streamId: 'revenue-t-1',
  streamVersion: 1,
  position: { epoch: 0, transactionId: 1, globalPosition: 1 },
  recordedAt: at,
});
const revenue = (over: Record<string, unknown>) =>
  recorded('TourRevenueCalculated', {
    tourId: 't-1',
    tourNumber: 'T261120-0001',
    vehicleId: 'v-1',
    date: '2026-11-20',
    tariffValidFrom: '2024-01-01',
    emptyKm: 40,
    loadedKm: 78,
    homeKm: 0,
    totalKm: 118,
    orders: [],
    revenue: 304.25,
    estimated: false,
    unpricedOrders: 0,
    calculatedAt: at,
    ...over,
  });

describe('history entries of the vehicle analytics (issue 14)', () => {
  it('records REVENUE_CALCULATED with amount and km on the tour', async () => {
    const [entry] = await historyEntriesOf(revenue({}), lookups);
    expect(entry).toMatchObject({ vehicleId: 'v-1', actionType: 'REVENUE_CALCULATED', title: 'Umsatz berechnet', tourId: 't-1', systemGenerated: true });
    expect(entry!.description).toBe('Tour T261120-0001: Umsatz 304,25\u00a0€, 118 km gefahren.');
    expect(entry!.details).toMatchObject({ revenueAmount: 304.25, totalKm: 118 });
  });

  it('says when prices are missing, for the tour or some of its orders', async () => {
    const [none] = await historyEntriesOf(revenue({ revenue: null, unpricedOrders: 2 }), lookups);
    expect(none!.description).toBe(`Tour T261120-0001 (118 km): ${messages.vehicleAnalytics.noRevenue}`);
    const [some] = await historyEntriesOf(revenue({ unpricedOrders: 1 }), lookups);
    expect(some!.description).toContain(`1 Auftrag ohne Preis: ${messages.vehicleAnalytics.noRevenue}`);
  });

  it('keeps an entry added by hand with its own id, title and amounts', async () => {
    const [entry] = await historyEntriesOf(
      recorded('VehicleHistoryEntryAdded', {
        id: 'h-1',
        vehicleId: 'v-1',
        actionType: 'UPDATED',
        actionTitle: 'Reifen gewechselt',
        description: 'Winterreifen montiert',
        category: 'maintenance',
        priority: 'normal',
        revenueAmount: null,
        costAmount: 480,
        odometerReading: 182000,
        addedBy: 'u-1',
        addedAt: at,
      }),
      lookups,
    );
    expect(entry).toMatchObject({ entryId: 'h-1', title: 'Reifen gewechselt', category: 'maintenance', details: { costAmount: 480, odometerReading: 182000 } });
  });
});

describe('tour entries of the vehicle history (issue 31)', () => {
  const plates: Record<string, string> = { 'v-1': 'IZ-MS 101', 'v-2': 'HH-MS 204' };
  const withPlates: HistoryLookups = { ...lookups, vehiclePlate: async (id) => plates[id] ?? null };

  it('records the assignment, completion and billing of a tour on its vehicle, in German, with labelled details', async () => {
    const [assigned] = await historyEntriesOf(
      recorded('TourCreated', { id: 't-1', tourNumber: 'T261120-0001', vehicleId: 'v-1', date: '2026-11-20', startTime: '07:30', endTime: null, createdBy: 'u', createdAt: at }),
      lookups,
    );
    expect(assigned).toMatchObject({ vehicleId: 'v-1', actionType: 'TOUR_ASSIGNED', title: 'Tour zugewiesen', category: 'tour', tourId: 't-1' });
    expect(assigned!.description).toBe('Tour T261120-0001 am 20.11.2026 um 07:30 Uhr zugewiesen.');
    expect(unlabelledDetailKeys(assigned!.details)).toEqual([]);

    const [completed] = await historyEntriesOf(recorded('TourStatusChanged', { id: 't-1', from: 'in_progress', to: 'completed', changedBy: 'u', changedAt: at }), lookups);
    expect(completed).toMatchObject({ vehicleId: 'v-1', actionType: 'TOUR_COMPLETED', title: 'Tour abgeschlossen', description: 'Tour T261120-0001 vom 20.11.2026 abgeschlossen.' });
    expect(await historyEntriesOf(recorded('TourStatusChanged', { id: 't-1', from: 'planned', to: 'in_progress', changedBy: 'u', changedAt: at }), lookups)).toEqual([]);

    const billedLookups: HistoryLookups = { ...lookups, tourBilledWith: (id) => lookups.tour(id === 'o-last' ? 't-1' : 'none') };
    const [billed] = await historyEntriesOf(recorded('OrderBillingConfirmed', { id: 'o-last', statusBefore: 'geliefert', confirmedBy: 'u', confirmedAt: at }), billedLookups);
    expect(billed).toMatchObject({ vehicleId: 'v-1', actionType: 'TOUR_BILLED', title: 'Tour abgerechnet', category: 'finance', tourId: 't-1' });
    expect(await historyEntriesOf(recorded('OrderBillingConfirmed', { id: 'o-1', statusBefore: 'geliefert', confirmedBy: 'u', confirmedAt: at }), lookups)).toEqual([]);
  });

  it('records a redistribution on both vehicles, and nothing for a move in time on the same vehicle', async () => {
    const moved = (toVehicleId: string) =>
      recorded('TourMoved', {
        id: 't-1',
        fromVehicleId: 'v-1',
        toVehicleId,
        fromDate: '2026-11-20',
        toDate: '2026-11-20',
        fromStartTime: '07:30',
        toStartTime: '09:00',
        fromEndTime: null,
        toEndTime: null,
        movedBy: 'u',
        movedAt: at,
      });
    const entries = await historyEntriesOf(moved('v-2'), withPlates);
    expect(entries.map((e) => [e.vehicleId, e.actionType, e.title, e.description])).toEqual([
      ['v-1', 'TOUR_UNASSIGNED', 'Tour abgegeben', 'Tour T261120-0001 an HH-MS 204 abgegeben (20.11.2026, 09:00 Uhr).'],
      ['v-2', 'TOUR_ASSIGNED', 'Tour zugewiesen', 'Tour T261120-0001 von IZ-MS 101 übernommen (20.11.2026, 09:00 Uhr).'],
    ]);
    expect(entries.flatMap((e) => unlabelledDetailKeys(e.details))).toEqual([]);
    expect(await historyEntriesOf(moved('v-1'), withPlates)).toEqual([]);
  });

  it('has a German title for every action type the filter offers', () => {
    const titles = messages.vehicleHistory.titles as Record<string, string>;
    expect(VEHICLE_HISTORY_ACTIONS.filter((action) => !titles[action])).toEqual([]);
  });
});
