import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { LOG_START } from './envelope';
import { defineEvent, EventRegistry } from './registry';
import { InvalidEventError } from './store/errors';
import { SqlEventStore } from './store/sql-event-store';
import { createTestSql, type TestSql } from './testing/test-database';

// Test-only event: v1 had one free-text `name`, v2 split it, v3 added a required `country`.
const renamed = defineEvent({
  type: 'TestCustomerRenamed',
  schemaVersion: 3,
  schema: z.object({ firstName: z.string(), lastName: z.string(), country: z.string().length(2) }),
  upcasters: {
    1: (data) => {
      const { name } = data as { name: string };
      const [firstName = '', ...rest] = name.split(' ');
      return { firstName, lastName: rest.join(' ') };
    },
    2: (data) => ({ country: 'DE', ...(data as object) }),
  },
});

function thrown(fn: () => unknown): InvalidEventError {
  try {
    fn();
  } catch (error) {
    if (error instanceof InvalidEventError) return error;
    throw error;
  }
  throw new Error('expected an InvalidEventError');
}

const metadata = { userId: null, correlationId: 'c-1', causationId: null, occurredAt: '2025-11-21T10:00:00.000Z' };

describe('EventRegistry', () => {
  const registry = new EventRegistry([renamed]);

  it('validates appended data against the current schema and returns the parsed data', () => {
    expect(
      registry.validateForAppend('TestCustomerRenamed', 3, { firstName: 'Anna', lastName: 'Schmidt', country: 'AT', extra: 1 }),
    ).toEqual({
      firstName: 'Anna',
      lastName: 'Schmidt',
      country: 'AT',
    });
    expect(() => registry.validateForAppend('TestCustomerRenamed', 3, { firstName: 'Anna' })).toThrow(InvalidEventError);
    expect(
      thrown(() => registry.validateForAppend('TestCustomerRenamed', 2, { firstName: 'A', lastName: 'B', country: 'DE' })),
    ).toMatchObject({
      issues: 'schemaVersion 2 is not the current 3',
    });
    expect(thrown(() => registry.validateForAppend('NoSuchEvent', 1, {}))).toMatchObject({
      eventType: 'NoSuchEvent',
      issues: 'unknown event type',
    });
  });

  it('reports the zod issues of invalid data', () => {
    const error = thrown(() =>
      registry.validateForAppend('TestCustomerRenamed', 3, { firstName: 'Anna', lastName: 'Schmidt', country: 'Deutschland' }),
    );
    expect(error).toBeInstanceOf(InvalidEventError);
    expect(error).toMatchObject({ eventType: 'TestCustomerRenamed', issues: [expect.objectContaining({ path: ['country'] })] });
  });

  it('lifts old versions through the upcaster chain and validates the result', () => {
    expect(registry.upcast('TestCustomerRenamed', 1, { name: 'Anna Maria Schmidt' })).toEqual({
      schemaVersion: 3,
      data: { firstName: 'Anna', lastName: 'Maria Schmidt', country: 'DE' },
    });
    expect(registry.upcast('TestCustomerRenamed', 2, { firstName: 'A', lastName: 'B' }).data).toEqual({
      firstName: 'A',
      lastName: 'B',
      country: 'DE',
    });
    expect(() => registry.upcast('TestCustomerRenamed', 1, { name: 42 })).toThrow();
    const gap = new EventRegistry([{ ...renamed, upcasters: { 2: renamed.upcasters![2]! } }]);
    expect(thrown(() => gap.upcast('TestCustomerRenamed', 1, { name: 'A B' }))).toMatchObject({
      issues: 'no upcaster from schema version 1',
    });
  });

  it('takes current data as stored when lifting for trusting readers, and lifts and validates old data', () => {
    const stored = { firstName: 'A', lastName: 'B', country: 'AT' };
    expect(registry.liftStored('TestCustomerRenamed', 3, stored)).toEqual({ schemaVersion: 3, data: stored });
    expect(registry.liftStored('TestCustomerRenamed', 1, { name: 'Anna Schmidt' })).toEqual({
      schemaVersion: 3,
      data: { firstName: 'Anna', lastName: 'Schmidt', country: 'DE' },
    });
    expect(() => registry.liftStored('TestCustomerRenamed', 1, { name: 42 })).toThrow();
  });

  it('refuses to register an event type twice', () => {
    expect(() => new EventRegistry([renamed, renamed])).toThrow(/registered twice/);
  });
});

describe('reading old event versions from the store', () => {
  let db: TestSql;
  let store: SqlEventStore;

  beforeAll(async () => {
    db = await createTestSql();
    store = new SqlEventStore(db.sql, new EventRegistry([renamed]));
    await store.migrate();
  });
  afterAll(() => db?.dispose());

  it('returns rows written as v1 and v2 as current v3 data, in readStream and readAll', async () => {
    const streamId = `customer-${randomUUID()}`;
    // Rows as an older release wrote them, straight into the table.
    for (const [version, schemaVersion, data] of [
      [1, 1, { name: 'Anna Schmidt' }],
      [2, 2, { firstName: 'Anna', lastName: 'Meier' }],
    ] as const) {
      await db.sql.query(
        `INSERT INTO es.events (stream_id, stream_version, event_id, type, schema_version, data, metadata)
         VALUES ($1, $2, $3, 'TestCustomerRenamed', $4, $5::text::jsonb, $6::text::jsonb)`,
        [streamId, version, randomUUID(), schemaVersion, JSON.stringify(data), JSON.stringify(metadata)],
      );
    }
    await store.append(streamId, 2, [
      {
        eventId: randomUUID(),
        type: 'TestCustomerRenamed',
        schemaVersion: 3,
        data: { firstName: 'Anna', lastName: 'Berg', country: 'CH' },
        metadata,
      },
    ]);

    const expected = [
      { schemaVersion: 3, data: { firstName: 'Anna', lastName: 'Schmidt', country: 'DE' } },
      { schemaVersion: 3, data: { firstName: 'Anna', lastName: 'Meier', country: 'DE' } },
      { schemaVersion: 3, data: { firstName: 'Anna', lastName: 'Berg', country: 'CH' } },
    ];
    expect((await store.readStream(streamId)).map(({ schemaVersion, data }) => ({ schemaVersion, data }))).toEqual(expected);
    // Other sessions' open transactions on a shared PostgreSQL server can hold the readable end back briefly.
    await vi.waitFor(
      async () => expect((await store.readAll(LOG_START)).map(({ schemaVersion, data }) => ({ schemaVersion, data }))).toEqual(expected),
      { timeout: 10_000, interval: 10 },
    );
    const stored = await db.sql.query<{ schema_version: number }>(
      'SELECT schema_version FROM es.events WHERE stream_id = $1 ORDER BY stream_version',
      [streamId],
    );
    expect(stored.rows.map((r) => r.schema_version)).toEqual([1, 2, 3]);
  });

  it('fails loudly on a stored version that no upcaster can lift', async () => {
    const streamId = `customer-${randomUUID()}`;
    await db.sql.query(
      `INSERT INTO es.events (stream_id, stream_version, event_id, type, schema_version, data, metadata)
       VALUES ($1, 1, $2, 'TestCustomerRenamed', 1, $3::text::jsonb, $4::text::jsonb)`,
      [streamId, randomUUID(), JSON.stringify({ fullName: 'no name field' }), JSON.stringify(metadata)],
    );
    await expect(store.readStream(streamId)).rejects.toThrow();
  });
});
