import type { SqlClient } from '@dispo/events/sql/client';
import { createTestSql, type TestSql } from '@dispo/events/testing/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordersProjection } from '../projections/orders';
import { referenceDataProjection } from '../projections/reference-data';
import { toursProjection } from '../projections/tours';
import { vehiclesProjection } from '../projections/vehicles';
import { loadTourPlan } from './tour-plan-document';

const at = '2026-11-21T09:15:00Z';
const DATE = '2026-11-23';

async function insert(sql: SqlClient, table: string, row: Record<string, unknown>): Promise<void> {
  const columns = Object.keys(row);
  await sql.query(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
    Object.values(row),
  );
}

async function order(sql: SqlClient, id: string, tourId: string, extra: Record<string, unknown> = {}): Promise<void> {
  await insert(sql, 'read.orders', {
    id,
    order_number: `S261121-${id}`,
    plant_name: 'Zementwerk Lägerdorf',
    loading_point_name: 'Silo 1',
    delivery_plant_name: 'Betonwerk Kiel',
    material_name: 'CEM I 42,5 R',
    customer_company: 'Nordbeton GmbH',
    quantity: 27,
    unit: 'to',
    delivery_date: DATE,
    delivery_time_type: 'fixed',
    delivery_time_fixed: '08:00',
    priority: 'normal',
    priority_rank: 1,
    pump_available: false,
    crane_available: false,
    status: 'disponiert',
    transport_type: 'standard',
    tour_id: tourId,
    notes: 'Öffentliche Bemerkung',
    internal_notes: 'NUR-FUER-DAS-BUERO',
    created_at: at,
    updated_at: at,
    version: 1,
    ...extra,
  });
}

async function tour(sql: SqlClient, id: string, vehicleId: string, startTime: string, orderIds: string[], date = DATE): Promise<void> {
  await insert(sql, 'read.tours', {
    id,
    tour_number: `T261123-${id}`,
    vehicle_id: vehicleId,
    date,
    start_time: startTime,
    end_time: null,
    status: 'planned',
    created_by: 'u',
    created_at: at,
    updated_at: at,
    version: 1,
  });
  for (const [i, orderId] of orderIds.entries())
    await insert(sql, 'read.tour_orders', { tour_id: id, order_id: orderId, sequence_number: i + 1 });
}

describe('loadTourPlan', () => {
  let db: TestSql;

  beforeAll(async () => {
    db = await createTestSql();
    const sql = db.sql;
    await sql.query('CREATE SCHEMA IF NOT EXISTS read');
    for (const p of [referenceDataProjection, vehiclesProjection, ordersProjection, toursProjection]) await p.setup(sql);
    await insert(sql, 'read.vehicles', {
      id: 'v-20',
      license_plate: 'SE-LP 20',
      vehicle_type: 'sattelzug',
      make_model: 'MAN TGX',
      fuel_type: 'diesel',
      emission_class: 'euro6',
      has_silo_equipment: false,
      enabled_for_dispatch: true,
      status: 'active',
      created_at: at,
      updated_at: at,
      version: 1,
    });
    // Sequence 2 is stored before 1; the m³ order has a recorded weight.
    await order(sql, '0002', 't-a');
    await order(sql, '0001', 't-a', { quantity: 10, unit: 'm3', weight_tons: 18.5 });
    await tour(sql, 't-a', 'v-20', '07:00', ['0001', '0002']);
    // A vehicle the fleet does not know (any more): the orders' copy of the plate, else its id.
    await order(sql, '0003', 't-b', { assigned_vehicle_license_plate: 'SE-LP 3' });
    await tour(sql, 't-b', 'v-gone', '09:00', ['0003']);
    await tour(sql, 't-c', 'v-unknown', '06:00', []);
    await tour(sql, 't-other-day', 'v-20', '06:00', [], '2026-11-24');
  });
  afterAll(async () => {
    await db?.dispose();
  });

  it('loads the tours of the day by plate with their orders in sequence, arrival times and tonnes', async () => {
    const plan = await loadTourPlan(db.sql, DATE);
    expect(plan.tours.map((t) => [t.tourNumber, t.licensePlate])).toEqual([
      ['T261123-t-b', 'SE-LP 3'],
      ['T261123-t-a', 'SE-LP 20'],
      ['T261123-t-c', null],
    ]);
    const a = plan.tours[1]!;
    expect(a.stops.map((s) => [s.orderNumber, s.sequenceNumber, s.estimatedArrival, s.tons])).toEqual([
      ['S261121-0001', 1, '07:00', 18.5],
      ['S261121-0002', 2, '07:30', 27],
    ]);
    expect(a.stops[0]).toMatchObject({
      loadingPlant: 'Zementwerk Lägerdorf',
      loadingPoint: 'Silo 1',
      deliveryPlant: 'Betonwerk Kiel',
      material: 'CEM I 42,5 R',
      customer: 'Nordbeton GmbH',
      notes: 'Öffentliche Bemerkung',
      quantity: 10,
      unit: 'm3',
    });
    expect(JSON.stringify(plan)).not.toContain('NUR-FUER-DAS-BUERO');
    expect(plan.totals).toEqual({ tours: 3, vehicles: 3, orders: 3, tons: 72.5 });
  });

  it('answers an empty plan for a day without tours', async () => {
    expect(await loadTourPlan(db.sql, '2026-12-24')).toEqual({
      date: '2026-12-24',
      tours: [],
      totals: { tours: 0, vehicles: 0, orders: 0, tons: 0 },
    });
  });
});
