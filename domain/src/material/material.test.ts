import type { MaterialEvent } from '@dispo/events/catalog/index';
import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { givenWhenThen } from '../testing/given-when-then';
import { type CreateMaterial, materialDecider } from './material-decider';

const now = '2026-11-20T08:00:00.000Z';
const later = '2026-11-21T08:00:00.000Z';

const create: CreateMaterial = {
  type: 'CreateMaterial',
  materialId: 'm-1',
  details: {
    name: 'CEM I 42,5 R',
    materialCode: 'Z-1425R',
    category: 'Zement',
    standardLoadSize: 27,
    assignedPlantIds: ['p-laegerdorf', 'p-ruedersdorf'],
  },
  existingPlantIds: ['p-laegerdorf', 'p-ruedersdorf'],
  now,
};

const created: Extract<MaterialEvent, { type: 'MaterialCreated' }> = {
  type: 'MaterialCreated',
  data: {
    id: 'm-1',
    name: 'CEM I 42,5 R',
    materialCode: 'Z-1425R',
    category: 'Zement',
    description: null,
    unit: 'to',
    standardLoadSize: 27,
    densityTonsPerCubicMetre: null,
    plantSpecific: true,
    assignedPlantIds: ['p-laegerdorf', 'p-ruedersdorf'],
    status: 'active',
    createdAt: now,
  },
};

const material = givenWhenThen(materialDecider);

describe('CreateMaterial', () => {
  it('creates a material: unit to and status active by default, plant-specific when plants are assigned', () => {
    material.given([]).when(create).thenEmits([created]);
  });

  it('is not plant-specific without plants', () => {
    material
      .given([])
      .when({ ...create, details: { name: 'Flugasche', unit: 'm3' }, existingPlantIds: [] })
      .thenEmits([
        {
          type: 'MaterialCreated',
          data: {
            ...created.data,
            name: 'Flugasche',
            materialCode: null,
            category: null,
            unit: 'm3',
            standardLoadSize: null,
            plantSpecific: false,
            assignedPlantIds: [],
          },
        },
      ]);
  });

  it('requires a name', () => {
    material
      .given([])
      .when({ ...create, details: { ...create.details, name: '' } })
      .thenThrows(messages.validation.requiredFields, 'validation');
  });

  it('keeps a bulk density and refuses one out of range (issue 31)', () => {
    const [event] = material.given([]).when({ ...create, details: { ...create.details, densityTonsPerCubicMetre: 1.7 } }).emitted();
    expect(event).toMatchObject({ data: { densityTonsPerCubicMetre: 1.7 } });
    for (const densityTonsPerCubicMetre of [0, 11]) {
      material
        .given([])
        .when({ ...create, details: { ...create.details, densityTonsPerCubicMetre } })
        .thenThrows(messages.validation.densityRange, 'validation');
    }
  });

  it('refuses a standard load size of 0', () => {
    material
      .given([])
      .when({ ...create, details: { ...create.details, standardLoadSize: 0 } })
      .thenThrows(messages.validation.positiveLoadSize, 'validation');
  });

  it('refuses a plant-specific material without plants', () => {
    material
      .given([])
      .when({ ...create, details: { name: 'Kalksteinmehl', plantSpecific: true } })
      .thenThrows(messages.masterData.plantSpecificNeedsPlants, 'validation');
  });

  it('refuses an unknown plant', () => {
    material
      .given([])
      .when({ ...create, existingPlantIds: ['p-laegerdorf'] })
      .thenThrows(messages.masterData.plantNotFound, 'not_found');
  });

  it('creates a material only once', () => {
    material.given([created]).when(create).thenThrows(messages.masterData.materialExists, 'conflict');
  });
});

describe('UpdateMaterial', () => {
  const { createdAt: _, ...unchanged } = created.data;

  it('checks only newly assigned plants', () => {
    material
      .given([created])
      .when({
        type: 'UpdateMaterial',
        materialId: 'm-1',
        changes: { assignedPlantIds: ['p-laegerdorf', 'p-ruedersdorf', 'p-hafen'] },
        existingPlantIds: ['p-hafen'],
        now: later,
      })
      .thenEmits([
        {
          type: 'MaterialUpdated',
          data: { ...unchanged, assignedPlantIds: ['p-laegerdorf', 'p-ruedersdorf', 'p-hafen'], updatedAt: later },
        },
      ]);
  });

  it('refuses a newly assigned plant that does not exist', () => {
    material
      .given([created])
      .when({ type: 'UpdateMaterial', materialId: 'm-1', changes: { assignedPlantIds: ['p-gone'] }, existingPlantIds: [], now: later })
      .thenThrows(messages.masterData.plantNotFound, 'not_found');
  });

  it('emits nothing when nothing changes', () => {
    material
      .given([created])
      .when({ type: 'UpdateMaterial', materialId: 'm-1', changes: { unit: 'to' }, existingPlantIds: [], now: later })
      .thenEmits([]);
  });

  it('refuses an unknown material', () => {
    material
      .given([])
      .when({ type: 'UpdateMaterial', materialId: 'm-1', changes: { status: 'inactive' }, existingPlantIds: [], now: later })
      .thenThrows(messages.masterData.materialNotFound, 'not_found');
  });
});
