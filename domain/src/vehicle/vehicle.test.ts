import type { EventData } from '@dispo/events/catalog/index';
import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { givenWhenThen } from '../testing/given-when-then';
import { type CreateVehicle, type UpdateVehicle, vehicleDecider } from './vehicle-decider';
import { displayPlate, plateKey } from './fleet-values';
import type { VehicleStreamEvent } from './vehicle-state';

const now = '2026-11-20T08:00:00.000Z';
const later = '2026-11-21T08:00:00.000Z';
const vehicle = givenWhenThen(vehicleDecider);

const create: CreateVehicle = {
  type: 'CreateVehicle',
  vehicleId: 'v-1',
  input: {
    licensePlate: ' iz-ms  101 ',
    vehicleType: 'zugmaschine',
    makeModel: 'Mercedes-Benz Actros 1845',
    brand: 'Mercedes-Benz',
    model: 'Actros 1845',
    year: 2021,
    payloadKg: 27000,
    totalWeightKg: 40000,
    axles: 2,
    hasSiloEquipment: true,
    enabledForDispatch: true,
    homeLocationPostalCode: '25566',
    homeLocationCity: 'Lägerdorf',
    homePlantName: 'Zementwerk Lägerdorf',
    odometerKm: 412300,
    fuelConsumption: 29.5,
    assignedDriverId: 'u-frank',
    suitableMaterialIds: ['m-cem', 'm-cem'],
    tuvUntil: '2026-11-25',
  },
  driver: { id: 'u-frank' },
  existingMaterialIds: ['m-cem'],
  userId: 'u-fleet',
  now,
};

const createdData: EventData<'VehicleCreated'> = {
  id: 'v-1',
  licensePlate: 'IZ-MS 101',
  vehicleType: 'zugmaschine',
  makeModel: 'Mercedes-Benz Actros 1845',
  brand: 'Mercedes-Benz',
  model: 'Actros 1845',
  year: 2021,
  payloadKg: 27000,
  totalWeightKg: 40000,
  loadingCapacity: null,
  axles: 2,
  fuelType: 'diesel',
  emissionClass: 'euro6',
  suitableMaterialIds: ['m-cem'],
  hasSiloEquipment: true,
  homeLocationPostalCode: '25566',
  homeLocationCity: 'Lägerdorf',
  homePlantName: 'Zementwerk Lägerdorf',
  costCenter: null,
  lastServiceDate: null,
  nextServiceDue: null,
  odometerKm: 412300,
  fuelConsumption: 29.5,
  specialEquipment: null,
  restrictions: null,
  notes: null,
  status: 'available',
  enabledForDispatch: true,
  assignedDriverId: 'u-frank',
  createdBy: 'u-fleet',
  createdAt: now,
};
const created: VehicleStreamEvent = { type: 'VehicleCreated', data: createdData };
const tuvSet: VehicleStreamEvent = {
  type: 'VehicleDeadlineSet',
  data: { id: 'v-1', deadline: 'tuv', date: '2026-11-25', changedBy: 'u-fleet', changedAt: now },
};
const history = [created, tuvSet];

function update(changes: UpdateVehicle['changes'], refs: Partial<UpdateVehicle> = {}): UpdateVehicle {
  return {
    type: 'UpdateVehicle',
    vehicleId: 'v-1',
    changes,
    driver: null,
    existingMaterialIds: [],
    userId: 'u-fleet',
    now: later,
    ...refs,
  };
}
const by = { changedBy: 'u-fleet', changedAt: later };

describe('CreateVehicle', () => {
  it('creates the vehicle, then one event per deadline that is set (§4: after a create, entries for dates set)', () => {
    vehicle.given([]).when(create).thenEmits(history);
  });

  it('applies the defaults of §9: lkw_aufbau, diesel, euro6, available, dispatch disabled', () => {
    const [event] = vehicle
      .given([])
      .when({ ...create, input: { licensePlate: 'HH-MS 1', makeModel: 'MAN TGS' } })
      .emitted();
    expect(event?.data).toMatchObject({
      vehicleType: 'lkw_aufbau',
      fuelType: 'diesel',
      emissionClass: 'euro6',
      status: 'available',
      enabledForDispatch: false,
      hasSiloEquipment: false,
      assignedDriverId: null,
      suitableMaterialIds: [],
    });
  });

  it.each([
    [{ licensePlate: ' ' }, ['licensePlate']],
    [{ makeModel: null }, ['makeModel']],
    [{ vehicleType: null }, ['vehicleType']],
    [{ licensePlate: '', makeModel: '', vehicleType: null }, ['licensePlate', 'vehicleType', 'makeModel']],
  ] as const)('requires plate, type and make/model (§5): %j', (input, fields) => {
    const error = vehicle
      .given([])
      .when({ ...create, input: { ...create.input, ...input } })
      .thenThrows('Bitte füllen Sie alle Pflichtfelder aus.', 'validation');
    expect(error.details).toEqual({ fields });
  });

  it.each([
    [{ payloadKg: -1 }, messages.fleetCommands.invalidNumber, 'payloadKg'],
    [{ totalWeightKg: Number.NaN }, messages.fleetCommands.invalidNumber, 'totalWeightKg'],
    [{ odometerKm: -5 }, messages.fleetCommands.invalidNumber, 'odometerKm'],
    [{ fuelConsumption: Number.POSITIVE_INFINITY }, messages.fleetCommands.invalidNumber, 'fuelConsumption'],
    [{ year: 1850 }, messages.fleetCommands.invalidYear, 'year'],
    [{ year: 2020.5 }, messages.fleetCommands.invalidYear, 'year'],
    [{ axles: 0 }, messages.fleetCommands.invalidAxles, 'axles'],
    [{ axles: 2.5 }, messages.fleetCommands.invalidAxles, 'axles'],
    [{ homeLocationPostalCode: '2556' }, messages.validation.invalidPostalCode, 'homeLocationPostalCode'],
    [{ tuvUntil: '2026-02-30' }, messages.validation.invalidDate, 'tuvUntil'],
    [{ inspectionUntil: '30.11.2026' }, messages.validation.invalidDate, 'inspectionUntil'],
    [{ lastServiceDate: '2026-13-01' }, messages.validation.invalidDate, 'lastServiceDate'],
  ] as const)('refuses %j', (input, message, field) => {
    const error = vehicle
      .given([])
      .when({ ...create, input: { ...create.input, ...input } })
      .thenThrows(message, 'validation');
    expect(error.details).toEqual({ fields: [field] });
  });

  it('refuses an unknown driver and unknown materials', () => {
    vehicle
      .given([])
      .when({ ...create, driver: null })
      .thenThrows(messages.fleetCommands.driverNotFound, 'not_found');
    vehicle
      .given([])
      .when({ ...create, driver: { id: 'u-other' } })
      .thenThrows(messages.fleetCommands.driverNotFound, 'not_found');
    vehicle
      .given([])
      .when({ ...create, existingMaterialIds: [] })
      .thenThrows(messages.fleetCommands.materialNotFound, 'not_found');
  });

  it('creates a vehicle only once', () => {
    vehicle.given(history).when(create).thenThrows(messages.fleetCommands.vehicleExists, 'conflict');
  });
});

describe('UpdateVehicle', () => {
  it('records changed details with their values before', () => {
    vehicle
      .given(history)
      .when(update({ odometerKm: 413000, notes: 'Neue Reifen', brand: 'Mercedes-Benz' }))
      .thenEmits([
        {
          type: 'VehicleDetailsChanged',
          data: { id: 'v-1', changes: { odometerKm: 413000, notes: 'Neue Reifen' }, previous: { odometerKm: 412300, notes: null }, ...by },
        },
      ]);
  });

  it('toggles dispatch alone (the single toggle sends only enabled_for_dispatch)', () => {
    vehicle
      .given(history)
      .when(update({ enabledForDispatch: false }))
      .thenEmits([{ type: 'VehicleDispatchChanged', data: { id: 'v-1', from: true, to: false, ...by } }]);
  });

  it('records status and driver changes as their own events', () => {
    vehicle
      .given(history)
      .when(update({ status: 'maintenance', assignedDriverId: 'u-julia' }, { driver: { id: 'u-julia' } }))
      .thenEmits([
        { type: 'VehicleStatusChanged', data: { id: 'v-1', from: 'available', to: 'maintenance', ...by } },
        { type: 'VehicleDriverChanged', data: { id: 'v-1', from: 'u-frank', to: 'u-julia', ...by } },
      ]);
    vehicle
      .given(history)
      .when(update({ assignedDriverId: null }))
      .thenEmits([{ type: 'VehicleDriverChanged', data: { id: 'v-1', from: 'u-frank', to: null, ...by } }]);
  });

  it('records each deadline as set, changed or removed (§4)', () => {
    vehicle
      .given(history)
      .when(update({ tuvUntil: '2027-11-25', inspectionUntil: '2027-03-01' }))
      .thenEmits([
        { type: 'VehicleDeadlineChanged', data: { id: 'v-1', deadline: 'tuv', from: '2026-11-25', to: '2027-11-25', ...by } },
        { type: 'VehicleDeadlineSet', data: { id: 'v-1', deadline: 'inspection', date: '2027-03-01', ...by } },
      ]);
    vehicle
      .given(history)
      .when(update({ tuvUntil: null, insuranceUntil: '' }))
      .thenEmits([{ type: 'VehicleDeadlineRemoved', data: { id: 'v-1', deadline: 'tuv', from: '2026-11-25', ...by } }]);
  });

  it('emits nothing when nothing changes, and keeps what the body leaves out', () => {
    vehicle
      .given(history)
      .when(update({ licensePlate: 'IZ-MS 101 ', makeModel: 'Mercedes-Benz Actros 1845', tuvUntil: '2026-11-25' }))
      .thenEmits([]);
    vehicle.given(history).when(update({})).thenEmits([]);
  });

  it('validates the merged vehicle like a new one', () => {
    vehicle
      .given(history)
      .when(update({ makeModel: '' }))
      .thenThrows(messages.validation.requiredFields, 'validation');
    vehicle
      .given(history)
      .when(update({ vehicleType: null }))
      .thenThrows(messages.validation.requiredFields, 'validation');
    vehicle
      .given(history)
      .when(update({ axles: 11 }))
      .thenThrows(messages.fleetCommands.invalidAxles, 'validation');
  });

  it('checks only a newly assigned driver', () => {
    vehicle
      .given(history)
      .when(update({ notes: 'x' }))
      .thenEmits([{ type: 'VehicleDetailsChanged', data: { id: 'v-1', changes: { notes: 'x' }, previous: { notes: null }, ...by } }]);
    vehicle
      .given(history)
      .when(update({ assignedDriverId: 'u-ghost' }))
      .thenThrows(messages.fleetCommands.driverNotFound, 'not_found');
  });

  it('refuses an unknown vehicle', () => {
    vehicle
      .given([])
      .when(update({ notes: 'x' }))
      .thenThrows(messages.fleetCommands.vehicleNotFound, 'not_found');
  });
});

describe('DeleteVehicle', () => {
  const remove = { type: 'DeleteVehicle' as const, vehicleId: 'v-1', liveTourNumbers: [], userId: 'u-fleet', now: later };

  it('refuses while the vehicle has running or planned tours, naming them', () => {
    vehicle
      .given(history)
      .when({ ...remove, liveTourNumbers: ['T-261202-001', 'T-261202-002'] })
      .thenThrows(messages.fleetCommands.vehicleHasLiveTours('IZ-MS 101', 'T-261202-001, T-261202-002'), 'conflict');
  });

  it('deletes the vehicle with its plate; afterwards it is unknown', () => {
    const deleted: VehicleStreamEvent = {
      type: 'VehicleDeleted',
      data: { id: 'v-1', licensePlate: 'IZ-MS 101', deletedBy: 'u-fleet', deletedAt: later },
    };
    vehicle.given(history).when(remove).thenEmits([deleted]);
    vehicle
      .given([...history, deleted])
      .when(remove)
      .thenThrows(messages.fleetCommands.vehicleNotFound, 'not_found');
    vehicle
      .given([...history, deleted])
      .when(update({ notes: 'x' }))
      .thenThrows(messages.fleetCommands.vehicleNotFound, 'not_found');
  });
});

describe('licence plates', () => {
  it('shows plates upper case with single spaces, and keys them without spaces (the reservation value)', () => {
    expect(displayPlate('  hh-ms   201 ')).toBe('HH-MS 201');
    expect(plateKey('IZ-MS 101')).toBe('IZ-MS101');
    expect(plateKey('iz-ms101')).toBe(plateKey('IZ-MS 101'));
    expect(plateKey('B-MS 401')).not.toBe(plateKey('BM-S 401'));
  });
});
