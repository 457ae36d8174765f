import { describe, expect, it } from 'vitest';
import { EventRegistry } from '../registry';
import { allEventDefinitions, type EventData, orderCreated, plantCreated, reservationKinds, streamIds } from './index';
import { amountSchema, MAX_NAME_LENGTH } from './fields';

describe('event catalogue', () => {
  it('registers every event type once, PascalCase, schema version 1', () => {
    const registry = new EventRegistry(allEventDefinitions);
    for (const definition of allEventDefinitions) {
      expect(registry.has(definition.type)).toBe(true);
      expect(definition.type).toMatch(/^[A-Z][A-Za-z]+$/);
      expect(definition.schemaVersion).toBe(1);
    }
    expect(allEventDefinitions.map((d) => d.type).sort()).toEqual(
      [
        'CustomerCreated',
        'CustomerUpdated',
        'DispoDayCompleted',
        'DispoDayPlanChanged',
        'FuelCardCreated',
        'FuelCardDeleted',
        'FuelCardDetailsChanged',
        'FuelCardPinChanged',
        'FuelCardPinRevealed',
        'FuelCardStatusChanged',
        'LoadingPointCreated',
        'LoadingPointUpdated',
        'MaterialCreated',
        'MaterialUpdated',
        'OrderAssignedToTour',
        'OrderBillingConfirmed',
        'OrderBillingUndone',
        'OrderCreated',
        'OrderDeleted',
        'OrderDeliveryDataRecorded',
        'OrderDeliveryDataUnlocked',
        'OrderDetailsChanged',
        'OrderHandedToBilling',
        'OrderMailFailed',
        'OrderMailRequested',
        'OrderMailSent',
        'OrderReleasedFromTour',
        'OrderRemovedFromBilling',
        'OrderStatusChanged',
        'OrderStornoIssued',
        'OptimizationApplied',
        'OptimizationCompleted',
        'OptimizationFailed',
        'OptimizationRequested',
        'OptimizationReset',
        'OptimizationStarted',
        'OrderTemplateCreated',
        'OrderTemplateDeleted',
        'OrderTemplateUpdated',
        'OrderTemplateUsed',
        'OrderTourRescheduled',
        'OrderTransferredToDisposition',
        'PlantCreated',
        'PlantUpdated',
        'TariffSet',
        'TourCreated',
        'TourDissolved',
        'TourMoved',
        'TourOrderAdded',
        'TourPlanMailFailed',
        'TourPlanMailRequested',
        'TourPlanMailSent',
        'TourRevenueCalculated',
        'TourResequenced',
        'TourStatusChanged',
        'TourTimesPlanned',
        'TrailerCreated',
        'TrailerDeleted',
        'TrailerDetailsChanged',
        'TrailerStatusChanged',
        'TrailerTractorChanged',
        'UniqueValueReleased',
        'UniqueValueReserved',
        'UserOrderSettingsReset',
        'UserOrderSettingsSaved',
        'UserPasswordChanged',
        'UserRegistered',
        'VehicleCreated',
        'VehicleDeadlineWarningRecorded',
        'VehicleDeadlineChanged',
        'VehicleDeadlineRemoved',
        'VehicleDeadlineSet',
        'VehicleDeleted',
        'VehicleDetailsChanged',
        'VehicleDispatchChanged',
        'VehicleDocumentAdded',
        'VehicleDocumentRemoved',
        'VehicleDriverChanged',
        'VehicleHistoryEntryAdded',
        'VehicleStatusChanged',
        'AppointmentInvoiceAmountSet',
        'WorkshopAppointmentCancelled',
        'WorkshopAppointmentCompleted',
        'WorkshopAppointmentPlanned',
        'WorkshopAppointmentUpdated',
        'WorkshopChanged',
        'WorkshopRegistered',
        'WorkshopRemoved',
      ].sort(),
    );
  });

  it('accepts a complete order and rejects unknown fields and malformed times', () => {
    const order: EventData<'OrderCreated'> = {
      id: 'o-1',
      orderNumber: 'S261121-4711',
      plantId: 'p-1',
      deliveryPlantId: 'p-2',
      loadingPointId: 'lp-1',
      materialId: 'm-1',
      customerId: null,
      materialSpecification: null,
      quantity: 27,
      unit: 'to',
      weightTons: 27,
      deliveryDate: '2026-11-21',
      deliveryTimeType: 'range',
      deliveryTimeFixed: null,
      deliveryTimeFrom: '08:00',
      deliveryTimeTo: '17:00',
      priority: 'normal',
      transportType: 'standard',
      status: 'offen',
      notes: null,
      internalNotes: null,
      deliveryAddress: null,
      deliveryContactPerson: null,
      deliveryPhone: null,
      vehicleRequirements: null,
      accessConditions: null,
      pumpAvailable: false,
      craneAvailable: false,
      createdBy: 'u-1',
      createdAt: '2026-11-20T09:15:00.000Z',
    };
    expect(orderCreated.schema.safeParse(order).success).toBe(true);
    expect(orderCreated.schema.safeParse({ ...order, extra: 1 }).success).toBe(false);
    expect(orderCreated.schema.safeParse({ ...order, deliveryTimeFrom: '8:00' }).success).toBe(false);
    expect(orderCreated.schema.safeParse({ ...order, status: 'bestätigt' }).success).toBe(true);
  });

  it('keeps the plant type and role sets of the spec', () => {
    const base = {
      id: 'p-1',
      name: 'Zementwerk Lägerdorf',
      city: 'Lägerdorf',
      street: 'Am Zementwerk 1',
      postalCode: '25566',
      address: 'Am Zementwerk 1, 25566 Lägerdorf',
      contactPerson: null,
      phone: null,
      plantType: 'zementwerk',
      plantRole: 'loading',
      status: 'active',
      lat: 53.886,
      lng: 9.579,
      createdAt: '2026-11-20T09:15:00Z',
    };
    expect(plantCreated.schema.safeParse(base).success).toBe(true);
    expect(plantCreated.schema.safeParse({ ...base, plantRole: 'storage' }).success).toBe(false);
  });

  it('names streams as the architecture does', () => {
    expect(streamIds.order('42')).toBe('order-42');
    expect(streamIds.loadingPoint('7')).toBe('loading-point-7');
    expect(streamIds.reservation(reservationKinds.orderNumber, 'S261121-4711')).toBe('order-number-S261121-4711');
    expect(streamIds.reservation(reservationKinds.username, 'dispo')).toBe('username-dispo');
  });
});

describe('numbers mean what the read tables can store (issue 19)', () => {
  const registry = new EventRegistry(allEventDefinitions);
  const base = { mailId: 'm-1', date: '2026-11-26', messageId: null, sentAt: new Date().toISOString() };
  it('refuses counts beyond PostgreSQL integer and amounts beyond numeric(14,3), and non-finite numbers', () => {
    expect(() => registry.validateForAppend('TourPlanMailSent', 1, { ...base, tourCount: 3 })).not.toThrow();
    for (const tourCount of [2 ** 31, 1e308, Number.POSITIVE_INFINITY, Number.NaN]) {
      expect(() => registry.validateForAppend('TourPlanMailSent', 1, { ...base, tourCount })).toThrow();
    }
    expect(amountSchema.safeParse(1e308).success).toBe(false);
    expect(amountSchema.safeParse(123_456.789).success).toBe(true);
  });
});

describe('master data names stay small enough for the orders index (issue 19)', () => {
  const registry = new EventRegistry(allEventDefinitions);
  const customer = (company: string) => ({ id: 'c-1', company, contactPerson: null, email: null, phone: null, createdAt: new Date().toISOString() });
  it(`refuses a customer, material, plant or loading point name of more than ${MAX_NAME_LENGTH} characters`, () => {
    expect(() => registry.validateForAppend('CustomerCreated', 1, customer('😀'.repeat(MAX_NAME_LENGTH)))).not.toThrow();
    expect(() => registry.validateForAppend('CustomerCreated', 1, customer('x'.repeat(MAX_NAME_LENGTH + 1)))).toThrow();
    for (const type of ['MaterialCreated', 'PlantCreated', 'LoadingPointCreated']) {
      const shape = allEventDefinitions.find((d) => d.type === type)!.schema as unknown as { shape: { name: { safeParse(v: unknown): { success: boolean } } } };
      expect(shape.shape.name.safeParse('x'.repeat(MAX_NAME_LENGTH + 1)).success).toBe(false);
    }
  });
});
