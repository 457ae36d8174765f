import type { WorkshopDetails, WorkshopEvent } from '@dispo/events/catalog/index';
import type { Decider } from '../decider';
import { messages } from '../messages';
import { assertNotCreated, cleanText, type EntityState, existingEntity, isLatitude, isLongitude, noEntity, refuse } from '../shared';
import { parseOpeningHours } from '../smart-service/opening-hours';

const t = messages.smartServiceScreen;

/** What an admin enters for a workshop; the rules say what is required. */
export interface WorkshopInput {
  name?: string | null;
  brand?: string | null;
  address?: string | null;
  phone?: string | null;
  website?: string | null;
  lat?: number | null;
  lng?: number | null;
  services?: readonly string[] | null;
  openingHours?: string | null;
  rating?: number | null;
  mobile?: boolean | null;
}

export interface RegisterWorkshop {
  type: 'RegisterWorkshop';
  workshopId: string;
  input: WorkshopInput;
  userId: string | null;
  now: string;
}

/** Changes only the fields given; null clears an optional one. */
export interface ChangeWorkshop {
  type: 'ChangeWorkshop';
  workshopId: string;
  changes: WorkshopInput;
  userId: string | null;
  now: string;
}

export interface RemoveWorkshop {
  type: 'RemoveWorkshop';
  workshopId: string;
  userId: string | null;
  now: string;
}

export type WorkshopCommand = RegisterWorkshop | ChangeWorkshop | RemoveWorkshop;
export type WorkshopRecord = WorkshopDetails & { id: string; removed: boolean };
export type WorkshopState = EntityState<WorkshopRecord>;

/** Validates a workshop and returns it as stored: name, address, coordinates, readable opening hours, rating 0–5. */
export function workshopDetailsFrom(input: WorkshopInput): WorkshopDetails {
  const name = cleanText(input.name);
  if (name === null) refuse('validation', t.workshopNameRequired, ['name']);
  const address = cleanText(input.address);
  if (address === null) refuse('validation', t.workshopAddressRequired, ['address']);
  const { lat, lng } = input;
  if (lat == null || lng == null || !isLatitude(lat) || !isLongitude(lng)) refuse('validation', t.workshopCoordinatesRequired, ['lat', 'lng']);
  const openingHours = cleanText(input.openingHours);
  if (openingHours === null || parseOpeningHours(openingHours) === null) refuse('validation', t.openingHoursInvalid, ['openingHours']);
  const rating = input.rating ?? 0;
  if (!Number.isFinite(rating) || rating < 0 || rating > 5) refuse('validation', t.workshopRatingRange, ['rating']);
  const services = [...new Set((input.services ?? []).map((s) => s.trim()).filter(Boolean))];
  return {
    name,
    brand: cleanText(input.brand),
    address,
    phone: cleanText(input.phone),
    website: cleanText(input.website),
    lat,
    lng,
    services,
    openingHours,
    rating: Math.round(rating * 10) / 10,
    mobile: input.mobile === true,
  };
}

function liveWorkshop(state: WorkshopState): WorkshopRecord {
  const w = existingEntity(state, t.workshopNotFound);
  if (w.removed) refuse('not_found', t.workshopNotFound);
  return w;
}

const defined = <T extends object>(value: T): Partial<T> => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The workshop register (`workshop-<id>`): registered from the demo catalogue or by admins. */
export const workshopDecider: Decider<WorkshopCommand, WorkshopState, WorkshopEvent> = {
  initialState: noEntity,
  evolve(state, event) {
    switch (event.type) {
      case 'WorkshopRegistered': {
        const { registeredBy: _b, registeredAt: _a, ...w } = event.data;
        return { exists: true, entity: { ...w, removed: false } };
      }
      case 'WorkshopChanged': {
        const { changedBy: _b, changedAt: _a, ...w } = event.data;
        return state.exists ? { exists: true, entity: { ...state.entity, ...w } } : state;
      }
      case 'WorkshopRemoved':
        return state.exists ? { exists: true, entity: { ...state.entity, removed: true } } : state;
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'RegisterWorkshop': {
        assertNotCreated(state, t.workshopExists);
        const details = workshopDetailsFrom(command.input);
        return [{ type: 'WorkshopRegistered', data: { id: command.workshopId, ...details, registeredBy: command.userId, registeredAt: command.now } }];
      }
      case 'ChangeWorkshop': {
        const { id: _id, removed: _r, ...current } = liveWorkshop(state);
        const details = workshopDetailsFrom({ ...current, ...defined(command.changes) });
        if (same(details, workshopDetailsFrom(current))) return [];
        return [{ type: 'WorkshopChanged', data: { id: command.workshopId, ...details, changedBy: command.userId, changedAt: command.now } }];
      }
      case 'RemoveWorkshop':
        liveWorkshop(state);
        return [{ type: 'WorkshopRemoved', data: { id: command.workshopId, removedBy: command.userId, removedAt: command.now } }];
    }
  },
};
