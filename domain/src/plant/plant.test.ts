import type { PlantEvent } from '@dispo/events/catalog/index';
import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { givenWhenThen } from '../testing/given-when-then';
import { type CreatePlant, plantDecider } from './plant-decider';

const now = '2026-11-20T08:00:00.000Z';
const later = '2026-11-21T08:00:00.000Z';

const create: CreatePlant = {
  type: 'CreatePlant',
  plantId: 'p-1',
  details: {
    name: 'Kieswerk Moorburg',
    city: 'Hamburg',
    street: 'Moorburger Elbdeich 80',
    postalCode: '21079',
    contactPerson: 'Rainer Stoltenberg',
    phone: '040 740 12-0',
    plantType: 'kieswerk',
    plantRole: 'loading',
    lat: 53.488,
    lng: 9.937,
  },
  now,
};

const created: Extract<PlantEvent, { type: 'PlantCreated' }> = {
  type: 'PlantCreated',
  data: {
    id: 'p-1',
    name: 'Kieswerk Moorburg',
    city: 'Hamburg',
    street: 'Moorburger Elbdeich 80',
    postalCode: '21079',
    address: 'Moorburger Elbdeich 80, 21079 Hamburg',
    contactPerson: 'Rainer Stoltenberg',
    phone: '040 740 12-0',
    plantType: 'kieswerk',
    plantRole: 'loading',
    status: 'active',
    lat: 53.488,
    lng: 9.937,
    createdAt: now,
  },
};

const plant = givenWhenThen(plantDecider);

describe('CreatePlant', () => {
  it('creates a plant with a computed address', () => {
    plant.given([]).when(create).thenEmits([created]);
  });

  it('applies the defaults of the spec: zementwerk, both, active', () => {
    plant
      .given([])
      .when({ type: 'CreatePlant', plantId: 'p-2', details: { name: '  Werk Nord ' }, now })
      .thenEmits([
        {
          type: 'PlantCreated',
          data: {
            id: 'p-2',
            name: 'Werk Nord',
            city: null,
            street: null,
            postalCode: null,
            address: null,
            contactPerson: null,
            phone: null,
            plantType: 'zementwerk',
            plantRole: 'both',
            status: 'active',
            lat: null,
            lng: null,
            createdAt: now,
          },
        },
      ]);
  });

  it('builds the address from the parts that are known', () => {
    const [event] = plant
      .given([])
      .when({ ...create, details: { name: 'Werk', city: 'Kiel', postalCode: '24149', street: '' } })
      .emitted();
    expect(event?.data.address).toBe('24149 Kiel');
  });

  it('requires a name', () => {
    plant
      .given([])
      .when({ ...create, details: { ...create.details, name: ' ' } })
      .thenThrows(messages.validation.requiredFields, 'validation');
  });

  it('refuses a postal code that is not five digits', () => {
    plant
      .given([])
      .when({ ...create, details: { ...create.details, postalCode: '2107' } })
      .thenThrows(messages.validation.invalidPostalCode, 'validation');
  });

  it.each([
    { lat: 91, lng: 9 },
    { lat: 53, lng: null },
  ])('refuses the coordinates %j', (coordinates) => {
    plant
      .given([])
      .when({ ...create, details: { ...create.details, ...coordinates } })
      .thenThrows(messages.validation.invalidCoordinates, 'validation');
  });

  it('creates a plant only once', () => {
    plant.given([created]).when(create).thenThrows(messages.masterData.plantExists, 'conflict');
  });
});

describe('UpdatePlant', () => {
  it('changes the fields given and keeps the others', () => {
    const { createdAt: _, ...unchanged } = created.data;
    plant
      .given([created])
      .when({ type: 'UpdatePlant', plantId: 'p-1', changes: { phone: '040 740 12-99', plantRole: 'both' }, now: later })
      .thenEmits([{ type: 'PlantUpdated', data: { ...unchanged, phone: '040 740 12-99', plantRole: 'both', updatedAt: later } }]);
  });

  it('recomputes the address and clears fields set to null', () => {
    const [event] = plant
      .given([created])
      .when({ type: 'UpdatePlant', plantId: 'p-1', changes: { street: null, city: 'Hamburg-Moorburg' }, now: later })
      .emitted();
    expect(event?.data).toMatchObject({ street: null, address: '21079 Hamburg-Moorburg' });
  });

  it('emits nothing when nothing changes', () => {
    plant
      .given([created])
      .when({ type: 'UpdatePlant', plantId: 'p-1', changes: { name: 'Kieswerk Moorburg ' }, now: later })
      .thenEmits([]);
  });

  it('validates the result like a creation', () => {
    plant
      .given([created])
      .when({ type: 'UpdatePlant', plantId: 'p-1', changes: { name: '' }, now: later })
      .thenThrows(messages.validation.requiredFields, 'validation');
  });

  it('refuses an unknown plant', () => {
    plant
      .given([])
      .when({ type: 'UpdatePlant', plantId: 'p-1', changes: { name: 'X' }, now: later })
      .thenThrows(messages.masterData.plantNotFound, 'not_found');
  });
});
