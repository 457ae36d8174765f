import { messages } from '@dispo/domain/messages';
import type { RecordedEvent } from '@dispo/events/envelope';
import { describe, expect, it } from 'vitest';
import { historyEntriesOf, type HistoryLookups } from './history-entries';

const lookups: HistoryLookups = {
  userName: async () => null,
  trailerPlate: async () => null,
  vehiclePlate: async () => 'IZ-MS 101',
  appointment: async () => null,
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
