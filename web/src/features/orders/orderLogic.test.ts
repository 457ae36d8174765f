import { describe, expect, it } from 'vitest';
import { makeOrder } from '../../test/fixtures';
import { formatDeliveryTime, isLockedOrder, isOverdue, isSettled, showsLicensePlate } from './format';
import { INLINE_MATERIAL_LIMIT, materialsForPlant, searchMaterials } from './materialSearch';
import { checkForm, deliveryPlants, emptyFormValues, loadingPlants, orderBodyOf, tomorrowInBerlin } from './orderForm';
import { generateOrderNumber } from './orderNumber';
import { materials, plants } from './ordersTestKit';
import { normalizeClock, parseTimeInput, timeInputOf } from './time';
import { patchForInlineChange } from './useOrderMutations';

describe('time input of the table (§4.3)', () => {
  it('reads 08:00 as fixed and 08:00-17:00 as a range', () => {
    expect(parseTimeInput('08:00')).toEqual({ ok: true, time: { type: 'fixed', fixed: '08:00', from: null, to: null } });
    expect(parseTimeInput(' 8-17 ')).toEqual({ ok: true, time: { type: 'range', fixed: null, from: '08:00', to: '17:00' } });
    expect(parseTimeInput('07:30 – 16:00')).toEqual({ ok: true, time: { type: 'range', fixed: null, from: '07:30', to: '16:00' } });
    expect(parseTimeInput('')).toEqual({ ok: true, time: { type: 'fixed', fixed: null, from: null, to: null } });
    expect(parseTimeInput('25:00')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseTimeInput('17:00-08:00')).toEqual({ ok: false, reason: 'order' });
    expect(parseTimeInput('8:00-9:00-10:00')).toEqual({ ok: false, reason: 'invalid' });
    expect(normalizeClock('0930')).toBe('09:30');
  });

  it('shows an order time as it is typed', () => {
    expect(timeInputOf(makeOrder())).toBe('08:00');
    expect(timeInputOf(makeOrder({ deliveryTimeType: 'range', deliveryTimeFrom: '07:30:00', deliveryTimeTo: '16:00:00' }))).toBe(
      '07:30-16:00',
    );
    expect(formatDeliveryTime(makeOrder({ deliveryTimeType: 'range', deliveryTimeFrom: '07:30', deliveryTimeTo: '16:00' }))).toBe(
      '07:30–16:00',
    );
  });
});

describe('order number of the new form (§3)', () => {
  it('is S, YYMMDD of Berlin and four digits', () => {
    expect(generateOrderNumber(new Date('2026-11-21T23:30:00Z'), () => 0.0471)).toBe('S261122-0471');
    expect(generateOrderNumber(new Date('2026-01-05T10:00:00Z'), () => 0.99999)).toBe('S260105-9999');
  });

  it('defaults the delivery date to tomorrow in Berlin', () => {
    expect(tomorrowInBerlin(new Date('2026-12-31T22:30:00Z'))).toBe('2027-01-01');
    expect(tomorrowInBerlin(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-02');
  });
});

describe('plant pickers (§5.5)', () => {
  it('offer loading plants by role and type and delivery plants without loading points and terminals', () => {
    expect(loadingPlants(plants).map((plant) => plant.id)).toEqual(['p-zement', 'p-kies', 'p-terminal', 'p-misch']);
    expect(deliveryPlants(plants).map((plant) => plant.id)).toEqual(['p-misch', 'p-beton', 'p-beton2']);
  });
});

describe('material search', () => {
  it('starts at 2 characters, limits the hits and honours plant-specific materials', () => {
    expect(searchMaterials(materials, 'S', 10)).toEqual([]);
    expect(searchMaterials(materials, 'sa', INLINE_MATERIAL_LIMIT)).toHaveLength(5);
    expect(searchMaterials(materialsForPlant(materials, 'p-kies'), 'CEM', 10)).toEqual([]);
    expect(searchMaterials(materialsForPlant(materials, 'p-zement'), 'cem', 10).map((material) => material.name)).toEqual([
      'CEM I 42,5 R',
      'CEM II/A-LL 42,5 N',
    ]);
  });
});

describe('full form rules (§5.2)', () => {
  const filled = {
    ...emptyFormValues('S1'),
    plantId: 'p-zement',
    deliveryPlantId: 'p-beton',
    loadingPointId: 'lp-a',
    materialId: 'm-cem1',
    quantity: '27',
    deliveryDate: '2026-03-02',
  };

  it('requires six fields for a new order and three when editing', () => {
    expect(checkForm(emptyFormValues('S1'), 'new').error).toBe('Bitte füllen Sie alle Pflichtfelder aus.');
    expect([...checkForm({ ...filled, loadingPointId: '' }, 'new').invalid]).toEqual(['loadingPointId']);
    expect(checkForm({ ...filled, loadingPointId: '', deliveryPlantId: '', materialId: '' }, 'edit').error).toBeNull();
    expect(checkForm({ ...filled, quantity: '' }, 'edit').error).toBe('Bitte füllen Sie alle Pflichtfelder aus.');
    // Issue 10: a fixed time type needs its time.
    expect(checkForm({ ...filled, deliveryTimeType: 'fixed', deliveryTimeFixed: '' }, 'new').error).toBe('Bitte geben Sie eine Uhrzeit an.');
  });

  it('checks quantity, weight and times', () => {
    expect(checkForm({ ...filled, quantity: '0' }, 'new').error).toBe('Menge muss größer als 0 sein');
    expect(checkForm({ ...filled, weightTons: '-1' }, 'new').error).toBe('Das Gewicht darf nicht negativ sein.');
    expect(checkForm({ ...filled, deliveryTimeType: 'range', deliveryTimeFrom: '', deliveryTimeTo: '12:00' }, 'new').error).toBe(
      'Lieferzeit von ist erforderlich',
    );
    expect(checkForm({ ...filled, deliveryTimeType: 'range', deliveryTimeFrom: '12:00', deliveryTimeTo: '08:00' }, 'new').error).toBe(
      'Die Lieferzeit von muss vor der Lieferzeit bis liegen.',
    );
    expect(checkForm(filled, 'new').error).toBeNull();
  });

  it('sends only the fields of the time type and no internal notes when editing', () => {
    const body = orderBodyOf({ ...filled, deliveryTimeType: 'range', internalNotes: 'x' }, 'edit');
    expect(body).toMatchObject({
      delivery_time_type: 'range',
      delivery_time_fixed: null,
      delivery_time_from: '08:00',
      delivery_time_to: '17:00',
    });
    expect('internal_notes' in body).toBe(false);
    expect('status' in body).toBe(false);
    expect(orderBodyOf(filled, 'new')).toMatchObject({ status: 'offen', internal_notes: null, delivery_time_fixed: '08:00', quantity: 27 });
  });
});

describe('inline edits become PATCH bodies', () => {
  const order = makeOrder({ deliveryDate: '2099-03-05', materialId: 'm-1', quantity: 27 });

  it('sends only what changed', () => {
    expect(patchForInlineChange(order, { column: 'schedule', value: { date: '2099-03-05', time: '08:00' } })).toBeNull();
    expect(patchForInlineChange(order, { column: 'schedule', value: { date: '2099-03-06', time: '08:00' } })).toEqual({
      patch: { delivery_date: '2099-03-06' },
    });
    expect(patchForInlineChange(order, { column: 'schedule', value: { date: '2099-03-05', time: '9' } })).toEqual({
      patch: { delivery_time_type: 'fixed', delivery_time_fixed: '09:00', delivery_time_from: null, delivery_time_to: null },
    });
    expect(patchForInlineChange(order, { column: 'route', value: { materialId: 'm-2', materialName: 'x', quantity: '27' } })).toEqual({
      patch: { material_id: 'm-2' },
    });
    expect(patchForInlineChange(order, { column: 'route', value: { materialId: 'm-1', materialName: 'x', quantity: '12,5' } })).toEqual({
      patch: { quantity: 12.5 },
    });
    expect(patchForInlineChange(order, { column: 'status', value: 'problem' })).toEqual({ patch: { status: 'problem' } });
  });

  it('refuses invalid input with the catalogue texts', () => {
    expect(patchForInlineChange(order, { column: 'schedule', value: { date: '2099-02-30', time: '08:00' } })).toEqual({
      error: 'Bitte geben Sie ein gültiges Datum an.',
    });
    expect(patchForInlineChange(order, { column: 'schedule', value: { date: '2099-03-05', time: '8 Uhr' } })).toEqual({
      error: 'Bitte geben Sie eine gültige Uhrzeit im Format HH:MM an.',
    });
    expect(patchForInlineChange(order, { column: 'route', value: { materialId: 'm-1', materialName: 'x', quantity: '0' } })).toEqual({
      error: 'Menge muss größer als 0 sein',
    });
  });
});

describe('row states (§2.2, §4.2)', () => {
  it('overdue, settled, locked and licence plates', () => {
    expect(isOverdue({ status: 'offen', deliveryDate: '2025-01-01' }, '2025-01-02')).toBe(true);
    expect(isOverdue({ status: 'offen', deliveryDate: '2025-01-02' }, '2025-01-02')).toBe(false);
    expect(isOverdue({ status: 'geliefert', deliveryDate: '2025-01-01' }, '2025-01-02')).toBe(false);
    expect(isSettled(makeOrder({ status: 'abgerechnet' }))).toBe(true);
    expect(isSettled(makeOrder({ billingConfirmed: true }))).toBe(true);
    expect(isLockedOrder(makeOrder({ locked: false, status: 'storno' }))).toBe(false);
    expect(isLockedOrder(makeOrder({ status: 'storno' }))).toBe(true);
    expect(isLockedOrder(makeOrder({ billingPending: true }))).toBe(true);
    for (const status of ['disponiert', 'unterwegs', 'abgeschlossen', 'abgerechnet', 'problem', 'storno']) {
      expect(showsLicensePlate({ status, assignedVehicleLicensePlate: 'KI-X 1' })).toBe(true);
    }
    for (const status of ['offen', 'geplant', 'geliefert', 'storniert']) {
      expect(showsLicensePlate({ status, assignedVehicleLicensePlate: 'KI-X 1' })).toBe(false);
    }
  });
});
