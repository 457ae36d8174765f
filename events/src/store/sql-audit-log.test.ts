import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEvent, EventRegistry } from '../registry';
import { createTestSql, type TestSql } from '../testing/test-database';
import { type AuditLogQuery, type AuditLogRow, readAuditLog } from './sql-audit-log';
import { SqlEventStore } from './sql-event-store';

const TYPES = ['Common', 'Often', 'Rare', 'Never'] as const;
const USERS = ['u-1', 'u-2', 'u-3'];
const SCHEMA = 'es_audit_log';
const registry = new EventRegistry(TYPES.map((type) => defineEvent({ type, schemaVersion: 1, schema: z.object({ n: z.number() }) })));

/** Every page of the log for `query`, following the cursors. */
async function allPages(db: TestSql, query: Omit<AuditLogQuery, 'limit' | 'after'>, limit: number): Promise<AuditLogRow[]> {
  const rows: AuditLogRow[] = [];
  let after: AuditLogQuery['after'];
  for (;;) {
    const page = await readAuditLog(db.sql, { ...query, limit, ...(after ? { after } : {}) }, SCHEMA);
    rows.push(...page.rows);
    if (!page.next) return rows;
    after = page.next;
  }
}

describe('readAuditLog: pages of the global log by keyset', () => {
  let db: TestSql;
  /** The whole log, newest first, as the reference every filtered read must agree with. */
  let log: AuditLogRow[];

  beforeAll(async () => {
    db = await createTestSql();
    const store = new SqlEventStore(db.sql, registry, { schema: SCHEMA });
    await store.migrate();
    // 240 events in 24 streams: mostly Common and Often, every 40th Rare, none Never; three users.
    for (let s = 0; s < 24; s++) {
      await store.append(
        `log-${s}`,
        'no_stream',
        Array.from({ length: 10 }, (_, i) => {
          const n = s * 10 + i;
          return {
            eventId: randomUUID(),
            type: n % 40 === 7 ? 'Rare' : n % 3 === 0 ? 'Often' : 'Common',
            schemaVersion: 1,
            data: { n },
            metadata: { userId: USERS[n % USERS.length]!, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() },
          };
        }),
      );
    }
    // Spread the recorded times over a day, out of position order, so that the time order matters.
    await db.sql.query(`UPDATE ${SCHEMA}.events SET recorded_at = timestamptz '2026-11-01 00:00Z' + ((global_position * 37) % 240) * interval '5 minutes'`);
    log = await allPages(db, {}, 1000);
  });
  afterAll(() => db?.dispose());

  const newestFirst = (a: AuditLogRow, b: AuditLogRow) => b.recordedAt.localeCompare(a.recordedAt) || b.globalPosition - a.globalPosition;

  it('reads the whole log newest first, by recorded time then position', () => {
    expect(log).toHaveLength(240);
    expect([...log].sort(newestFirst).map((r) => r.globalPosition)).toEqual(log.map((r) => r.globalPosition));
  });

  it('answers no rows for no types', async () => {
    expect(await readAuditLog(db.sql, { types: [], limit: 10 }, SCHEMA)).toEqual({ rows: [], next: null });
  });

  it.each([
    ['one rare type', { types: ['Rare'] }],
    ['several types', { types: ['Rare', 'Often', 'Never'] }],
    ['a type that never occurs', { types: ['Never'] }],
    ['types and a time range', { types: ['Rare', 'Often'], from: new Date('2026-11-01T05:00:00Z'), to: new Date('2026-11-01T15:00:00Z') }],
    ['one user', { userId: 'u-2' }],
    ['one user and types', { userId: 'u-2', types: ['Rare', 'Common'] }],
  ] as const)('pages by cursor with %s exactly through the rows a filter of the whole log keeps', async (_name, filter) => {
    const query = { ...filter, types: 'types' in filter ? [...filter.types] : undefined } as Omit<AuditLogQuery, 'limit'>;
    const expected = log.filter(
      (r) =>
        (!query.types || query.types.includes(r.type)) &&
        (!query.userId || r.userId === query.userId) &&
        (!query.from || new Date(r.recordedAt) >= query.from) &&
        (!query.to || new Date(r.recordedAt) <= query.to),
    );
    for (const limit of [1, 7, 100]) {
      expect((await allPages(db, query, limit)).map((r) => r.globalPosition)).toEqual(expected.map((r) => r.globalPosition));
    }
    if (query.types?.includes('Rare')) expect(expected.some((r) => r.type === 'Rare')).toBe(true);
  });
});
