import type { EventData } from '@dispo/events/catalog/index';
import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { givenWhenThen } from '../testing/given-when-then';
import type { CreateOrder } from './create-order';
import { orderDecider } from './order-decider';

import { create, created, expectedOrder, laegerdorf, neumuenster, now } from '../testing/order-fixtures';

const order = givenWhenThen(orderDecider);

function withDetails(details: CreateOrder['details'], rest: Partial<CreateOrder> = {}): CreateOrder {
  return { ...create, ...rest, details: { ...create.details, ...details } };
}

function createdOrder(command: CreateOrder): EventData<'OrderCreated'> {
  const [event] = order.given([]).when(command).emitted();
  if (event?.type !== 'OrderCreated') throw new Error('no OrderCreated emitted');
  return event.data;
}

describe('CreateOrder: defaults (§9)', () => {
  it('creates an open order: unit to, priority normal, transport standard', () => {
    order.given([]).when(create).thenEmits([created]);
  });

  it('keeps everything the form gives, trimmed', () => {
    const full = withDetails(
      {
        customerId: 'c-nordbeton',
        materialSpecification: ' lose ',
        unit: 'to',
        weightTons: 26.5,
        deliveryTimeType: 'fixed',
        deliveryTimeFixed: '07:30',
        priority: 'urgent',
        transportType: 'silo',
        notes: 'Bitte anrufen',
        internalNotes: 'Neukunde',
        deliveryAddress: 'Baustelle Hafenstraße 3, 24149 Kiel',
        deliveryContactPerson: 'Jan Petersen',
        deliveryPhone: '0431 1234',
        vehicleRequirements: 'Silozug mit Kompressor',
        accessConditions: 'Zufahrt über Tor 2',
        pumpAvailable: true,
        craneAvailable: false,
      },
      { customer: { id: 'c-nordbeton' } },
    );
    expect(createdOrder(full)).toEqual({
      ...expectedOrder,
      customerId: 'c-nordbeton',
      materialSpecification: 'lose',
      deliveryTimeFixed: '07:30',
      priority: 'urgent',
      transportType: 'silo',
      notes: 'Bitte anrufen',
      internalNotes: 'Neukunde',
      deliveryAddress: 'Baustelle Hafenstraße 3, 24149 Kiel',
      deliveryContactPerson: 'Jan Petersen',
      deliveryPhone: '0431 1234',
      vehicleRequirements: 'Silozug mit Kompressor',
      accessConditions: 'Zufahrt über Tor 2',
      pumpAvailable: true,
    });
  });

  it('stores a range and clears the fixed time', () => {
    const range = withDetails({
      deliveryTimeType: 'range',
      deliveryTimeFixed: '09:00',
      deliveryTimeFrom: '08:00',
      deliveryTimeTo: '17:00',
    });
    expect(createdOrder(range)).toMatchObject({
      deliveryTimeType: 'range',
      deliveryTimeFixed: null,
      deliveryTimeFrom: '08:00',
      deliveryTimeTo: '17:00',
    });
  });

  it('takes a range when only bounds are given', () => {
    expect(createdOrder(withDetails({ deliveryTimeFrom: '06:00', deliveryTimeTo: '10:00' }))).toMatchObject({ deliveryTimeType: 'range' });
  });

  it('derives the weight from the quantity: tonnes, kg, m³ by the material density (issue 31)', () => {
    expect(createdOrder(withDetails({ quantity: 25000, unit: 'kg' })).weightTons).toBe(25);
    expect(createdOrder(withDetails({ quantity: 16, unit: 'm3' })).weightTons).toBeNull();
    expect(createdOrder(withDetails({ quantity: 16, unit: 'm3', weightTons: 20 })).weightTons).toBe(20);
    const kies = { material: { id: 'm-cem1', densityTonsPerCubicMetre: 1.7 } };
    expect(createdOrder(withDetails({ quantity: 14, unit: 'm3', weightTons: 5 }, kies)).weightTons).toBe(23.8);
    expect(createdOrder(withDetails({ quantity: 24.5, unit: 'to', weightTons: 30 })).weightTons).toBe(24.5);
  });

  it('accepts a plant with role both on either side', () => {
    expect(createdOrder(withDetails({ deliveryPlantId: 'p-neumuenster' }, { deliveryPlant: neumuenster })).deliveryPlantId).toBe(
      'p-neumuenster',
    );
  });

  it('accepts an untyped loading plant without role (role defaults to both)', () => {
    const untyped = { id: 'p-laegerdorf', plantRole: null, plantType: null };
    expect(createdOrder(withDetails({}, { loadingPlant: untyped })).plantId).toBe('p-laegerdorf');
  });
});

describe('CreateOrder: required fields (§5.2)', () => {
  it.each(['plantId', 'deliveryPlantId', 'materialId', 'quantity', 'deliveryDate', 'loadingPointId'] as const)('requires %s', (field) => {
    const error = order
      .given([])
      .when(withDetails({ [field]: null }))
      .thenThrows('Bitte füllen Sie alle Pflichtfelder aus.', 'validation');
    expect(error.details).toEqual({ fields: [field] });
  });

  it('names every missing field', () => {
    const error = order
      .given([])
      .when({ ...create, details: {} })
      .thenThrows(messages.validation.requiredFields);
    expect(error.details).toEqual({ fields: ['plantId', 'deliveryPlantId', 'materialId', 'quantity', 'deliveryDate', 'loadingPointId'] });
  });
});

describe('CreateOrder: values', () => {
  it.each([0, -1, Number.POSITIVE_INFINITY])('refuses the quantity %d', (quantity) => {
    order.given([]).when(withDetails({ quantity })).thenThrows('Menge muss größer als 0 sein', 'validation');
  });

  it('refuses a negative weight', () => {
    order
      .given([])
      .when(withDetails({ unit: 'stueck', weightTons: -1 }))
      .thenThrows(messages.validation.weightNotNegative, 'validation');
  });

  it.each(['2026-02-30', '21.11.2026'])('refuses the delivery date %s', (deliveryDate) => {
    order.given([]).when(withDetails({ deliveryDate })).thenThrows(messages.validation.invalidDate, 'validation');
  });

  it.each(['8:00', '24:00', '08:60'])('refuses the time %s', (deliveryTimeFixed) => {
    order
      .given([])
      .when(withDetails({ deliveryTimeType: 'fixed', deliveryTimeFixed }))
      .thenThrows(messages.validation.invalidTime, 'validation');
  });

  it('refuses half a range', () => {
    order
      .given([])
      .when(withDetails({ deliveryTimeType: 'range', deliveryTimeFrom: '08:00' }))
      .thenThrows('Bitte geben Sie einen vollständigen Zeitbereich an.', 'validation');
  });

  it.each([
    ['17:00', '08:00'],
    ['08:00', '08:00'],
  ])('refuses the range %s to %s', (deliveryTimeFrom, deliveryTimeTo) => {
    order
      .given([])
      .when(withDetails({ deliveryTimeType: 'range', deliveryTimeFrom, deliveryTimeTo }))
      .thenThrows(messages.validation.timeRangeOrder, 'validation');
  });

  it('refuses a malformed order number', () => {
    order
      .given([])
      .when({ ...create, orderNumber: 'S2611-4711' })
      .thenThrows(messages.order.invalidOrderNumber, 'validation');
  });
});

describe('CreateOrder: plants and loading point (§5.1, §5.5)', () => {
  it('refuses an unknown loading plant, delivery plant, loading point, material or customer', () => {
    order
      .given([])
      .when({ ...create, loadingPlant: null })
      .thenThrows(messages.order.loadingPlantNotFound, 'not_found');
    order
      .given([])
      .when({ ...create, deliveryPlant: null })
      .thenThrows(messages.order.deliveryPlantNotFound, 'not_found');
    order
      .given([])
      .when({ ...create, loadingPoint: null })
      .thenThrows(messages.order.loadingPointNotFound, 'not_found');
    order
      .given([])
      .when({ ...create, material: null })
      .thenThrows(messages.order.materialNotFound, 'not_found');
    order
      .given([])
      .when(withDetails({ customerId: 'c-unknown' }))
      .thenThrows(messages.order.customerNotFound, 'not_found');
  });

  it('treats a loaded record with another id as not found', () => {
    order
      .given([])
      .when({ ...create, loadingPlant: neumuenster })
      .thenThrows(messages.order.loadingPlantNotFound, 'not_found');
  });

  it('refuses the same plant for loading and delivery', () => {
    order
      .given([])
      .when(withDetails({ deliveryPlantId: 'p-laegerdorf' }, { deliveryPlant: laegerdorf }))
      .thenThrows('Lade- und Lieferwerk müssen unterschiedlich sein.', 'validation');
  });

  it.each([
    ['a delivery-only plant', { plantRole: 'delivery', plantType: 'sonstige' }],
    ['a delivery plant type', { plantRole: 'both', plantType: 'delivery_plant' }],
  ])('refuses %s as loading plant', (_, classification) => {
    order
      .given([])
      .when({ ...create, loadingPlant: { id: 'p-laegerdorf', ...classification } })
      .thenThrows(messages.order.notALoadingPlant, 'validation');
  });

  it.each([
    ['a loading-only plant', { plantRole: 'loading', plantType: 'sonstige' }],
    ['a terminal', { plantRole: 'both', plantType: 'terminal' }],
    ['a loading point', { plantRole: 'both', plantType: 'loading_point' }],
  ])('refuses %s as delivery plant', (_, classification) => {
    order
      .given([])
      .when({ ...create, deliveryPlant: { id: 'p-kiel', ...classification } })
      .thenThrows(messages.order.notADeliveryPlant, 'validation');
  });

  it('refuses a loading point of another plant', () => {
    order
      .given([])
      .when({ ...create, loadingPoint: { id: 'lp-silo-1', plantId: 'p-ruedersdorf' } })
      .thenThrows(messages.order.loadingPointOfOtherPlant, 'validation');
  });
});

describe('CreateOrder: once', () => {
  it('refuses to create the same order twice', () => {
    order.given([created]).when(create).thenThrows(messages.order.alreadyExists, 'conflict');
  });

  it('starts the state with the created order', () => {
    const state = orderDecider.evolve(orderDecider.initialState, created);
    expect(state).toEqual({
      exists: true,
      entity: {
        ...expectedOrder,
        updatedAt: now,
        deliverySlipNumber: null,
        actualWeight: null,
        billingPending: false,
        billingConfirmed: false,
        deliveryDataUnlocked: false,
        transferredToDisposition: false,
        tourId: null,
      },
    });
  });
});

describe('CreateOrder: fixes of issue 10', () => {
  it('refuses a fixed time type without a time, and a range without both bounds (§5.1, second set)', () => {
    order
      .given([])
      .when(withDetails({ deliveryTimeType: 'fixed', deliveryTimeFixed: null }))
      .thenThrows(messages.validation.quickOrder.enterTime, 'validation');
    order
      .given([])
      .when(withDetails({ deliveryTimeType: 'range', deliveryTimeFixed: null, deliveryTimeFrom: null, deliveryTimeTo: null }))
      .thenThrows(messages.validation.quickOrder.completeTimeRange, 'validation');
  });

  it('refuses a material the loading plant does not offer; one without plants is offered everywhere', () => {
    order
      .given([])
      .when(withDetails({}, { material: { id: 'm-cem1', assignedPlantIds: ['p-other'] } }))
      .thenThrows(messages.intakeTools.materialNotAtPlant, 'validation');
    expect(createdOrder(withDetails({}, { material: { id: 'm-cem1', assignedPlantIds: ['p-laegerdorf'] } })).materialId).toBe('m-cem1');
    expect(createdOrder(withDetails({}, { material: { id: 'm-cem1', assignedPlantIds: [] } })).materialId).toBe('m-cem1');
  });

  it('bounds the quantity by what one order can deliver (1,000 t; 1,000,000 kg)', () => {
    expect(createdOrder(withDetails({ quantity: 1000 })).quantity).toBe(1000);
    order.given([]).when(withDetails({ quantity: 1e9 })).thenThrows(messages.intakeTools.quantityTooLarge('1.000 t'), 'validation');
    expect(createdOrder(withDetails({ quantity: 500_000, unit: 'kg' })).quantity).toBe(500_000);
  });
});
