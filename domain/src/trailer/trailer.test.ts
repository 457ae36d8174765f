import type { TrailerEvent } from '@dispo/events/catalog/index';
import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { givenWhenThen } from '../testing/given-when-then';
import { type CreateTrailer, trailerDecider, type UpdateTrailer } from './trailer-decider';

const now = '2026-11-20T08:00:00.000Z';
const later = '2026-11-21T08:00:00.000Z';
const trailer = givenWhenThen(trailerDecider);
const tractor = { id: 'v-101', vehicleType: 'zugmaschine' as const };

const create: CreateTrailer = {
  type: 'CreateTrailer',
  trailerId: 't-1',
  input: {
    licensePlate: 'iz-ma 501',
    trailerType: 'kippsilo',
    maxWeightKg: 35000,
    tractorId: 'v-101',
    maintenanceDates: [
      { kind: 'service', date: '2027-02-01' },
      { kind: 'hu', date: '2026-12-15' },
    ],
    notes: ' Silo frisch geprüft ',
  },
  tractor,
  userId: 'u-fleet',
  now,
};
const created: TrailerEvent = {
  type: 'TrailerCreated',
  data: {
    id: 't-1',
    licensePlate: 'IZ-MA 501',
    trailerType: 'kippsilo',
    maxWeightKg: 35000,
    maintenanceDates: [
      { kind: 'hu', date: '2026-12-15' },
      { kind: 'service', date: '2027-02-01' },
    ],
    notes: 'Silo frisch geprüft',
    status: 'available',
    tractorId: 'v-101',
    createdBy: 'u-fleet',
    createdAt: now,
  },
};
const update = (changes: UpdateTrailer['changes'], tractorSummary: UpdateTrailer['tractor'] = null): UpdateTrailer => ({
  type: 'UpdateTrailer',
  trailerId: 't-1',
  changes,
  tractor: tractorSummary,
  userId: 'u-fleet',
  now: later,
});
const by = { changedBy: 'u-fleet', changedAt: later };

describe('CreateTrailer', () => {
  it('creates a trailer coupled to a tractor, maintenance dates in date order', () => {
    trailer.given([]).when(create).thenEmits([created]);
  });

  it('applies the default type kippsilo (§9) and status available', () => {
    const [event] = trailer
      .given([])
      .when({ ...create, input: { licensePlate: 'HH-MA 602' }, tractor: null })
      .emitted();
    expect(event?.data).toMatchObject({
      trailerType: 'kippsilo',
      status: 'available',
      tractorId: null,
      maintenanceDates: [],
      maxWeightKg: null,
    });
  });

  it('requires kennzeichen and typ (§5)', () => {
    const error = trailer
      .given([])
      .when({ ...create, input: { licensePlate: '', trailerType: null } })
      .thenThrows('Bitte füllen Sie alle Pflichtfelder aus.', 'validation');
    expect(error.details).toEqual({ fields: ['licensePlate', 'trailerType'] });
    trailer
      .given([])
      .when({ ...create, input: { ...create.input, maintenanceDates: [{ kind: 'hu', date: '' }] } })
      .thenThrows(messages.validation.requiredFields, 'validation');
  });

  it('accepts only a vehicle of type zugmaschine as tractor', () => {
    trailer
      .given([])
      .when({ ...create, tractor: { id: 'v-101', vehicleType: 'lkw_aufbau' } })
      .thenThrows(messages.fleetCommands.notATractor, 'validation');
    trailer
      .given([])
      .when({ ...create, tractor: null })
      .thenThrows(messages.fleetCommands.tractorNotFound, 'not_found');
  });

  it('refuses a negative weight and invalid dates', () => {
    trailer
      .given([])
      .when({ ...create, input: { ...create.input, maxWeightKg: -1 } })
      .thenThrows(messages.fleetCommands.invalidNumber, 'validation');
    trailer
      .given([])
      .when({ ...create, input: { ...create.input, maintenanceDates: [{ kind: 'tuv', date: '2026-02-31' }] } })
      .thenThrows(messages.validation.invalidDate, 'validation');
  });

  it('creates a trailer only once', () => {
    trailer.given([created]).when(create).thenThrows(messages.fleetCommands.trailerExists, 'conflict');
  });
});

describe('UpdateTrailer', () => {
  it('records changed details with their values before', () => {
    trailer
      .given([created])
      .when(update({ maxWeightKg: 34000, notes: null }))
      .thenEmits([
        {
          type: 'TrailerDetailsChanged',
          data: {
            id: 't-1',
            changes: { maxWeightKg: 34000, notes: null },
            previous: { maxWeightKg: 35000, notes: 'Silo frisch geprüft' },
            ...by,
          },
        },
      ]);
  });

  it('records a new tractor and an uncoupling as TrailerTractorChanged', () => {
    trailer
      .given([created])
      .when(update({ tractorId: 'v-102' }, { id: 'v-102', vehicleType: 'zugmaschine' }))
      .thenEmits([{ type: 'TrailerTractorChanged', data: { id: 't-1', from: 'v-101', to: 'v-102', ...by } }]);
    trailer
      .given([created])
      .when(update({ tractorId: null }))
      .thenEmits([{ type: 'TrailerTractorChanged', data: { id: 't-1', from: 'v-101', to: null, ...by } }]);
  });

  it('checks the tractor only when it changes', () => {
    trailer
      .given([created])
      .when(update({ tractorId: 'v-101' }))
      .thenEmits([]);
    trailer
      .given([created])
      .when(update({ tractorId: 'v-103' }, { id: 'v-103', vehicleType: 'transporter' }))
      .thenThrows(messages.fleetCommands.notATractor, 'validation');
  });

  it('records a status change', () => {
    trailer
      .given([created])
      .when(update({ status: 'repair' }))
      .thenEmits([{ type: 'TrailerStatusChanged', data: { id: 't-1', from: 'available', to: 'repair', ...by } }]);
  });

  it('validates the merged trailer and refuses an unknown one', () => {
    trailer
      .given([created])
      .when(update({ licensePlate: ' ' }))
      .thenThrows(messages.validation.requiredFields, 'validation');
    trailer
      .given([])
      .when(update({ notes: 'x' }))
      .thenThrows(messages.fleetCommands.trailerNotFound, 'not_found');
  });
});

describe('DeleteTrailer', () => {
  it('deletes the trailer, naming the tractor it was coupled to', () => {
    trailer
      .given([created])
      .when({ type: 'DeleteTrailer', trailerId: 't-1', userId: 'u-fleet', now: later })
      .thenEmits([
        {
          type: 'TrailerDeleted',
          data: { id: 't-1', licensePlate: 'IZ-MA 501', tractorId: 'v-101', deletedBy: 'u-fleet', deletedAt: later },
        },
      ]);
    trailer
      .given([])
      .when({ type: 'DeleteTrailer', trailerId: 't-1', userId: 'u-fleet', now: later })
      .thenThrows(messages.fleetCommands.trailerNotFound, 'not_found');
  });
});
