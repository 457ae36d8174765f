import type { SqlClient } from '@dispo/events/sql/client';
import { createTestSql, type TestSql } from '@dispo/events/testing/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordersProjection } from '../projections/orders';
import { referenceDataProjection } from '../projections/reference-data';
import { loadOrderDocument } from './order-document';

const at = '2026-11-21T09:15:00Z';

async function insertPlant(sql: SqlClient, id: string, name: string, extra: Record<string, unknown>): Promise<void> {
  await sql.query(
    `INSERT INTO read.plants (id, name, city, street, postal_code, address, contact_person, phone, plant_type, plant_role, status, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'zementwerk', 'both', 'active', $9, $9)`,
    [id, name, extra.city ?? null, extra.street ?? null, extra.postal_code ?? null, extra.address ?? null, extra.contact_person ?? null, extra.phone ?? null, at],
  );
}

async function insertOrder(sql: SqlClient, row: Record<string, unknown>): Promise<void> {
  const full: Record<string, unknown> = {
    quantity: 27,
    unit: 'to',
    delivery_date: '2026-11-23',
    delivery_time_type: 'fixed',
    delivery_time_fixed: '08:00',
    priority: 'normal',
    priority_rank: 1,
    pump_available: false,
    crane_available: false,
    status: 'offen',
    transport_type: 'standard',
    created_at: at,
    updated_at: at,
    version: 1,
    ...row,
  };
  const columns = Object.keys(full);
  await sql.query(
    `INSERT INTO read.orders (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
    Object.values(full),
  );
}

describe('loadOrderDocument', () => {
  let db: TestSql;

  beforeAll(async () => {
    db = await createTestSql();
    await db.sql.query('CREATE SCHEMA IF NOT EXISTS read');
    await referenceDataProjection.setup(db.sql);
    await ordersProjection.setup(db.sql);
    await insertPlant(db.sql, 'p-l', 'Zementwerk Lägerdorf', {
      city: 'Lägerdorf',
      street: 'Am Zementwerk 1',
      postal_code: '25566',
      address: 'Am Zementwerk 1, 25566 Lägerdorf',
      contact_person: 'Ole Thiessen',
      phone: '04828 90-0',
    });
    await insertPlant(db.sql, 'p-d', 'Betonwerk Kiel', { city: 'Kiel', street: 'Wik 2', postal_code: '24106', contact_person: 'Jörg Süß', phone: '0431 12345' });
    await db.sql.query(
      `INSERT INTO read.materials (id, name, material_code, category, unit, plant_specific, assigned_plant_ids, status, created_at, updated_at)
       VALUES ('m-1', 'CEM I 42,5 R', 'Z-1425R', 'Zement', 'to', false, '{}', 'active', $1, $1)`,
      [at],
    );
    await db.sql.query(
      `INSERT INTO read.customers (id, company, contact_person, email, phone, created_at, updated_at)
       VALUES ('c-1', 'Nordbeton GmbH', 'Jan Petersen', 'disposition@nordbeton.example', '0431 555', $1, $1)`,
      [at],
    );
    await insertOrder(db.sql, {
      id: 'o-1',
      order_number: 'S261121-4711',
      plant_id: 'p-l',
      plant_name: 'Zementwerk Lägerdorf',
      plant_city: 'Lägerdorf',
      delivery_plant_id: 'p-d',
      delivery_plant_name: 'Betonwerk Kiel',
      delivery_plant_city: 'Kiel',
      loading_point_id: 'lp-1',
      loading_point_name: 'Silo 1',
      material_id: 'm-1',
      material_name: 'CEM I 42,5 R',
      material_category: 'Zement',
      material_specification: 'lose',
      customer_id: 'c-1',
      customer_company: 'Nordbeton GmbH',
      customer_contact_person: 'Jan Petersen',
      customer_email: 'disposition@nordbeton.example',
      quantity: 27.5,
      weight_tons: 26.8,
      delivery_time_type: 'range',
      delivery_time_fixed: null,
      delivery_time_from: '08:00',
      delivery_time_to: '17:00',
      delivery_address: 'Baustelle Holtenauer Straße 100',
      delivery_contact_person: 'Herr Nowak',
      delivery_phone: '0171 2345678',
      priority: 'urgent',
      pump_available: true,
      access_conditions: 'Tor 3',
      vehicle_requirements: 'Silozug',
      notes: 'Bitte anrufen',
      internal_notes: 'Kunde zahlt schlecht',
      transport_type: 'silo',
    });
    // Plants no longer in read.plants: the names the order row kept.
    await insertOrder(db.sql, {
      id: 'o-2',
      order_number: 'S261121-0001',
      plant_id: 'gone',
      plant_name: 'Kieswerk Alt',
      plant_city: 'Altstadt',
      delivery_plant_id: null,
      notes: '   ',
    });
  });
  afterAll(async () => {
    await db?.dispose();
  });

  it('joins the order with the full addresses of both plants, the material code and the customer', async () => {
    const doc = await loadOrderDocument(db.sql, 'o-1');
    expect(doc).toEqual({
      id: 'o-1',
      orderNumber: 'S261121-4711',
      createdAt: new Date(at),
      deliveryDate: '2026-11-23',
      deliveryTimeType: 'range',
      deliveryTimeFixed: null,
      deliveryTimeFrom: '08:00',
      deliveryTimeTo: '17:00',
      loadingPlant: {
        name: 'Zementwerk Lägerdorf',
        street: 'Am Zementwerk 1',
        postalCode: '25566',
        city: 'Lägerdorf',
        address: 'Am Zementwerk 1, 25566 Lägerdorf',
        contactPerson: 'Ole Thiessen',
        phone: '04828 90-0',
      },
      deliveryPlant: {
        name: 'Betonwerk Kiel',
        street: 'Wik 2',
        postalCode: '24106',
        city: 'Kiel',
        address: null,
        contactPerson: 'Jörg Süß',
        phone: '0431 12345',
      },
      loadingPoint: 'Silo 1',
      material: { name: 'CEM I 42,5 R', category: 'Zement', code: 'Z-1425R' },
      materialSpecification: 'lose',
      quantity: 27.5,
      unit: 'to',
      weightTons: 26.8,
      priority: 'urgent',
      transportType: 'silo',
      pumpAvailable: true,
      craneAvailable: false,
      accessConditions: 'Tor 3',
      vehicleRequirements: 'Silozug',
      deliveryAddress: 'Baustelle Holtenauer Straße 100',
      deliveryContactPerson: 'Herr Nowak',
      deliveryPhone: '0171 2345678',
      notes: 'Bitte anrufen',
      customer: { company: 'Nordbeton GmbH', contactPerson: 'Jan Petersen', email: 'disposition@nordbeton.example', phone: '0431 555' },
    });
    // The document never carries what is meant for the office only.
    expect(JSON.stringify(doc)).not.toContain('Kunde zahlt schlecht');
  });

  it('prints the current plant address after the plant was changed', async () => {
    await db.sql.query(`UPDATE read.plants SET street = 'Neue Straße 5', phone = '04828 1' WHERE id = 'p-l'`);
    const doc = await loadOrderDocument(db.sql, 'o-1');
    expect(doc?.loadingPlant).toMatchObject({ street: 'Neue Straße 5', phone: '04828 1' });
  });

  it('falls back to the names kept on the order, and treats blank texts as missing', async () => {
    const doc = await loadOrderDocument(db.sql, 'o-2');
    expect(doc?.loadingPlant).toEqual({
      name: 'Kieswerk Alt',
      street: null,
      postalCode: null,
      city: 'Altstadt',
      address: null,
      contactPerson: null,
      phone: null,
    });
    expect(doc?.deliveryPlant).toBeNull();
    expect(doc?.material).toBeNull();
    expect(doc?.customer).toBeNull();
    expect(doc?.notes).toBeNull();
  });

  it('answers null for an unknown id, also for one that looks like SQL', async () => {
    expect(await loadOrderDocument(db.sql, 'nope')).toBeNull();
    expect(await loadOrderDocument(db.sql, "o-1' OR '1'='1")).toBeNull();
  });
});
