import type { LoadingPointEvent } from '@dispo/events/catalog/index';
import { describe, it } from 'vitest';
import { messages } from '../messages';
import { givenWhenThen } from '../testing/given-when-then';
import { type CreateLoadingPoint, loadingPointDecider } from './loading-point-decider';

const now = '2026-11-20T08:00:00.000Z';
const later = '2026-11-21T08:00:00.000Z';
const laegerdorf = { id: 'p-1', plantRole: 'loading', plantType: 'zementwerk' };

const create: CreateLoadingPoint = {
  type: 'CreateLoadingPoint',
  loadingPointId: 'lp-1',
  plantId: 'p-1',
  plant: laegerdorf,
  details: { name: 'Silo 1' },
  now,
};

const created: LoadingPointEvent = {
  type: 'LoadingPointCreated',
  data: { id: 'lp-1', plantId: 'p-1', name: 'Silo 1', loadingType: 'silo', status: 'available', createdAt: now },
};

const loadingPoint = givenWhenThen(loadingPointDecider);

describe('CreateLoadingPoint', () => {
  it('creates a loading point with the defaults silo and available', () => {
    loadingPoint.given([]).when(create).thenEmits([created]);
  });

  it('takes the loading type given', () => {
    loadingPoint
      .given([])
      .when({ ...create, details: { name: 'Halde Nord', loadingType: 'Halde' } })
      .thenEmits([{ type: 'LoadingPointCreated', data: { ...created.data, name: 'Halde Nord', loadingType: 'halde' } }]);
  });

  it('requires a name and a plant', () => {
    loadingPoint
      .given([])
      .when({ ...create, details: { name: '' } })
      .thenThrows(messages.validation.requiredFields, 'validation');
    loadingPoint
      .given([])
      .when({ ...create, plantId: '', plant: null })
      .thenThrows(messages.validation.requiredFields, 'validation');
  });

  it('refuses an unknown plant', () => {
    loadingPoint
      .given([])
      .when({ ...create, plant: null })
      .thenThrows(messages.masterData.plantNotFound, 'not_found');
  });

  it('refuses a plant that cannot load', () => {
    loadingPoint
      .given([])
      .when({ ...create, plant: { id: 'p-1', plantRole: 'delivery', plantType: 'delivery_plant' } })
      .thenThrows(messages.masterData.loadingPointNeedsLoadingPlant, 'validation');
  });

  it('creates a loading point only once', () => {
    loadingPoint.given([created]).when(create).thenThrows(messages.masterData.loadingPointExists, 'conflict');
  });
});

describe('UpdateLoadingPoint', () => {
  it('changes name, type or status', () => {
    loadingPoint
      .given([created])
      .when({ type: 'UpdateLoadingPoint', loadingPointId: 'lp-1', changes: { status: 'unavailable' }, now: later })
      .thenEmits([
        { type: 'LoadingPointUpdated', data: { id: 'lp-1', name: 'Silo 1', loadingType: 'silo', status: 'unavailable', updatedAt: later } },
      ]);
  });

  it('emits nothing when nothing changes', () => {
    loadingPoint
      .given([created])
      .when({ type: 'UpdateLoadingPoint', loadingPointId: 'lp-1', changes: { name: 'Silo 1' }, now: later })
      .thenEmits([]);
  });

  it('refuses an unknown loading point', () => {
    loadingPoint
      .given([])
      .when({ type: 'UpdateLoadingPoint', loadingPointId: 'lp-1', changes: { name: 'Silo 9' }, now: later })
      .thenThrows(messages.masterData.loadingPointNotFound, 'not_found');
  });
});
