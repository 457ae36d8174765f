import { randomUUID } from 'node:crypto';
import { auditKind, replayHistory, stateAt } from '@dispo/domain/audit/index';
import { expectedOrder } from '@dispo/domain/testing/order-fixtures';
import { allEventDefinitions, orderDetailsChanged, orderDetailsSchema } from '@dispo/events/catalog/index';
import type { NewEvent } from '@dispo/events/envelope';
import { defineEvent, EventRegistry } from '@dispo/events/registry';
import { readAuditStream } from '@dispo/events/store/sql-audit-log';
import { SqlEventStore } from '@dispo/events/store/sql-event-store';
import { createTestSql, type TestSql } from '@dispo/events/testing/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

/** An older OrderDetailsChanged: only the new values, under another name, and no previous values. */
const detailsChangedV1 = defineEvent({
  type: 'OrderDetailsChanged',
  schemaVersion: 1,
  schema: z.strictObject({ id: z.string(), changed: orderDetailsSchema.partial(), changedBy: z.string(), changedAt: z.string() }),
});
/** Today's OrderDetailsChanged as version 2, lifting version 1 on read. */
const detailsChangedV2 = defineEvent({
  ...orderDetailsChanged,
  schemaVersion: 2,
  upcasters: {
    1: (data) => {
      const { changed, ...rest } = data as { changed: Record<string, unknown> };
      return { ...rest, changes: changed, previous: {} };
    },
  },
});
const withDefinition = (definition: typeof detailsChangedV1 | typeof detailsChangedV2) =>
  new EventRegistry([...allEventDefinitions.filter((d) => d.type !== 'OrderDetailsChanged'), definition]);

const event = (type: string, schemaVersion: number, data: unknown): NewEvent => ({
  eventId: randomUUID(),
  type,
  schemaVersion,
  data,
  metadata: { userId: 'u-dispo', correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() },
});
const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('state at an instant across an upcaster version change', () => {
  let db: TestSql;
  const stream = 'order-o-1';

  beforeAll(async () => {
    db = await createTestSql();
    const before = new SqlEventStore(db.sql, withDefinition(detailsChangedV1));
    await before.migrate();
    await before.append(stream, 'no_stream', [event('OrderCreated', 1, expectedOrder)]);
    await pause();
    await before.append(stream, 1, [event('OrderDetailsChanged', 1, { id: 'o-1', changed: { quantity: 30, weightTons: 30 }, changedBy: 'u-dispo', changedAt: new Date().toISOString() })]);
    await pause();
    const after = new SqlEventStore(db.sql, withDefinition(detailsChangedV2));
    await after.append(stream, 2, [
      event('OrderDetailsChanged', 2, { id: 'o-1', changes: { quantity: 35 }, previous: { quantity: 30 }, changedBy: 'u-dispo', changedAt: new Date().toISOString() }),
    ]);
  });
  afterAll(async () => {
    await db?.dispose();
  });

  it('reads version 1 events through the upcaster and folds them like current ones', async () => {
    const store = new SqlEventStore(db.sql, withDefinition(detailsChangedV2));
    const events = await store.readStream(stream);
    expect(events.map((e) => e.schemaVersion)).toEqual([1, 2, 2]);
    const kind = auditKind('order')!;
    const quantityAt = (at: Date) => {
      const state = stateAt(kind, events, at);
      return state.found ? state.snapshot?.quantity : 'not yet';
    };
    const [created, v1Change, v2Change] = events.map((e) => new Date(e.recordedAt)) as [Date, Date, Date];
    expect(quantityAt(new Date(created.getTime() - 1))).toBe('not yet');
    expect(quantityAt(created)).toBe(27);
    expect(quantityAt(new Date(v1Change.getTime() - 1))).toBe(27);
    expect(quantityAt(v1Change)).toBe(30);
    expect(quantityAt(v2Change)).toBe(35);
    expect(quantityAt(new Date(v2Change.getTime() + 60_000))).toBe(35);

    const steps = replayHistory(kind, events);
    expect(steps[1]!.changes).toEqual([
      { field: 'quantity', old: 27, new: 30 },
      { field: 'weightTons', old: 27, new: 30 },
    ]);
    expect(steps[2]!.changes).toEqual([{ field: 'quantity', old: 30, new: 35 }]);
  });

  it("reads the same through the audit's own stream reader, also cut at an instant", async () => {
    const registry = withDefinition(detailsChangedV2);
    const all = await readAuditStream(db.sql, registry, stream);
    expect(all.map((e) => [e.type, e.schemaVersion])).toEqual([
      ['OrderCreated', 1],
      ['OrderDetailsChanged', 2],
      ['OrderDetailsChanged', 2],
    ]);
    expect(all[1]!.data).toMatchObject({ changes: { quantity: 30 }, previous: {} });
    const cut = await readAuditStream(db.sql, registry, stream, new Date(all[1]!.recordedAt));
    expect(cut.map((e) => e.streamVersion)).toEqual([1, 2]);
    const state = stateAt(auditKind('order')!, cut, new Date(all[1]!.recordedAt));
    expect(state.found && state.snapshot?.quantity).toBe(30);
  });
});
