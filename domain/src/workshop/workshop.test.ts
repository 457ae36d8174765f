import type { WorkshopEvent } from '@dispo/events/catalog/index';
import { describe, it } from 'vitest';
import { messages } from '../messages';
import { givenWhenThen } from '../testing/given-when-then';
import { type RegisterWorkshop, workshopDecider } from './workshop-decider';

const now = '2026-11-26T08:00:00.000Z';
const t = messages.smartServiceScreen;
const input = {
  name: 'MAN Truck & Bus Service Neumünster',
  brand: 'MAN',
  address: 'Padenstedter Weg 10, 24539 Neumünster',
  phone: '04321 9870-0',
  lat: 54.06,
  lng: 9.96,
  services: ['HU', 'SP', 'HU', ' Reparatur '],
  openingHours: 'Mo-Fr 06:30-19:00',
  rating: 4.3,
};
const register: RegisterWorkshop = { type: 'RegisterWorkshop', workshopId: 'w-1', input, userId: 'u-admin', now };
const registered: WorkshopEvent = {
  type: 'WorkshopRegistered',
  data: {
    id: 'w-1', name: input.name, brand: 'MAN', address: input.address, phone: input.phone, website: null, lat: 54.06, lng: 9.96,
    services: ['HU', 'SP', 'Reparatur'], openingHours: input.openingHours, rating: 4.3, mobile: false, registeredBy: 'u-admin', registeredAt: now,
  },
};

describe('workshop register', () => {
  it('registers a workshop with readable opening hours', () => {
    givenWhenThen(workshopDecider).given([]).when(register).thenEmits([registered]);
  });
  it('refuses a second registration, missing name, bad hours, bad rating, missing coordinates', () => {
    givenWhenThen(workshopDecider).given([registered]).when(register).thenThrows(t.workshopExists, 'conflict');
    givenWhenThen(workshopDecider).given([]).when({ ...register, input: { ...input, name: ' ' } }).thenThrows(t.workshopNameRequired, 'validation');
    givenWhenThen(workshopDecider).given([]).when({ ...register, input: { ...input, openingHours: 'immer' } }).thenThrows(t.openingHoursInvalid, 'validation');
    givenWhenThen(workshopDecider).given([]).when({ ...register, input: { ...input, rating: 6 } }).thenThrows(t.workshopRatingRange, 'validation');
    givenWhenThen(workshopDecider).given([]).when({ ...register, input: { ...input, lat: null } }).thenThrows(t.workshopCoordinatesRequired, 'validation');
  });
  it('changes only what differs, and removes', () => {
    const change = { type: 'ChangeWorkshop' as const, workshopId: 'w-1', userId: 'u-admin', now };
    givenWhenThen(workshopDecider).given([registered]).when({ ...change, changes: { rating: 4.3 } }).thenEmits([]);
    givenWhenThen(workshopDecider)
      .given([registered])
      .when({ ...change, changes: { openingHours: 'Mo-Sa 06:00-22:00' } })
      .thenEmits([{ type: 'WorkshopChanged', data: { ...registered.data, openingHours: 'Mo-Sa 06:00-22:00', registeredBy: undefined, registeredAt: undefined, changedBy: 'u-admin', changedAt: now } as never }].map((e) => {
        const { registeredBy: _b, registeredAt: _a, ...data } = e.data as Record<string, unknown>;
        return { ...e, data } as WorkshopEvent;
      }));
    const removed: WorkshopEvent = { type: 'WorkshopRemoved', data: { id: 'w-1', removedBy: 'u-admin', removedAt: now } };
    givenWhenThen(workshopDecider).given([registered]).when({ type: 'RemoveWorkshop', workshopId: 'w-1', userId: 'u-admin', now }).thenEmits([removed]);
    givenWhenThen(workshopDecider).given([registered, removed]).when({ ...change, changes: { rating: 1 } }).thenThrows(t.workshopNotFound, 'not_found');
  });
});
