/**
 * npm run bench:audit [-- --events=5000000 --requests=200 --db=postgres|pglite]
 *
 * The audit (issue 18) over HTTP, one request at a time after a warm-up:
 * - state at an instant of an order whose stream has 1,000 events (appended through the event store:
 *   OrderCreated and 999 OrderDetailsChanged), at instants spread over the stream; the history of
 *   the same stream for reference (target: state p95 < 100 ms);
 * - a page of 100 rows of the global log over `events` events written straight into es.events with
 *   generate_series (plausible types, 50 users, streams of 8 events, a year of recorded times):
 *   the newest page, a page deep in the log by cursor, one user, one month, one kind, one rare type
 *   (target: p95 < 50 ms over 5,000,000 events on PostgreSQL).
 * The projection runner is not started (the generated events are for the log only); the read tables
 * exist, empty but for 50 users, so names are looked up as in production. Exits 0 whatever the figures.
 */
import { randomUUID } from 'node:crypto';
import { expectedOrder } from '@dispo/domain/testing/order-fixtures';
import { createTestSql } from '@dispo/events/testing/test-database';
import { createInfrastructure } from '@dispo/runtime/infrastructure';
import { createServices } from '@dispo/runtime/services';
import { TEST_JWT_SECRET } from '@dispo/runtime/testing/test-app';
import { int, latencyTriple, percentiles, renderTable } from './stats';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const EVENTS = Number(arg('events', '5000000'));
const REQUESTS = Number(arg('requests', '200'));
const KIND = arg('db', process.env.DATABASE_URL ? 'postgres' : 'pglite') as 'postgres' | 'pglite';
const WARMUP = 20;
const CHUNK = 250_000;
const STREAM_EVENTS = 1000;
const USERS = 50;

const TYPES = [
  'OrderCreated', 'OrderDetailsChanged', 'OrderDetailsChanged', 'OrderStatusChanged', 'OrderAssignedToTour', 'OrderDeliveryDataRecorded',
  'TourCreated', 'TourOrderAdded', 'TourStatusChanged', 'VehicleDetailsChanged', 'VehicleStatusChanged', 'TrailerDetailsChanged',
  'FuelCardDetailsChanged', 'OrderTemplateUsed', 'UserOrderSettingsSaved', 'OrderBillingConfirmed',
];

/** `count` log rows after `offset`: type by position, every 1,000th a PIN reveal (the rare type), recorded times 6 s apart ending now. */
const FILL = `
  INSERT INTO es.events (stream_id, stream_version, event_id, type, schema_version, data, metadata, recorded_at)
  SELECT 'bench-' || (g / 8), g % 8 + 1, gen_random_uuid(),
    CASE WHEN g % 1000 = 0 THEN 'FuelCardPinRevealed' ELSE ($4::text[])[1 + (g * 7) % array_length($4::text[], 1)] END,
    1, jsonb_build_object('id', 'bench-' || (g / 8)),
    jsonb_build_object('userId', 'bench-user-' || (g::bigint * 7919) % ${USERS}, 'correlationId', 'bench', 'causationId', null,
                       'occurredAt', '', 'commandName', 'UpdateOrder'),
    now() - ($3::int - g) * interval '6 seconds'
  FROM generate_series($1::int, $1::int + $2::int - 1) AS g`;

async function main(): Promise<void> {
  const db = await createTestSql({ kind: KIND, max: 20 });
  const infra = await createInfrastructure({ databaseUrl: undefined, dataDir: '', natsUrl: undefined, eventstoreUrl: undefined }, db.sql);
  const services = await createServices(infra, { jwtSecret: TEST_JWT_SECRET, logger: false, commands: false, queries: true });
  const sql = db.sql;
  try {
    const { rows: versionRows } = await sql.query<{ version: string }>('SELECT version() AS version');
    const database = versionRows[0]!.version.split(' ').slice(0, 2).join(' ');
    await sql.query(
      `INSERT INTO read.users (id, username, first_name, last_name, email, roles, registered_at)
       SELECT 'bench-user-' || g, 'bench' || g, 'Vorname' || g, 'Nachname' || g, 'u' || g || '@example.com', ARRAY['dispatcher'], now()
       FROM generate_series(0, ${USERS - 1}) g`,
    );

    // The 1,000-event stream, through the store (validated, group commit), recorded before the bulk rows.
    const orderId = randomUUID();
    const meta = () => ({ userId: 'bench-user-1', correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString(), commandName: 'UpdateOrder' });
    const stream = `order-${orderId}`;
    await infra.store.append(stream, 'no_stream', [{ eventId: randomUUID(), type: 'OrderCreated', schemaVersion: 1, data: { ...expectedOrder, id: orderId }, metadata: meta() }]);
    for (let v = 1; v < STREAM_EVENTS; v++) {
      const quantity = 20 + (v % 15);
      await infra.store.append(stream, v, [
        {
          eventId: randomUUID(),
          type: 'OrderDetailsChanged',
          schemaVersion: 1,
          data: { id: orderId, changes: { quantity, notes: `Änderung ${v}` }, previous: { quantity: 20 + ((v - 1) % 15) }, changedBy: 'bench-user-1', changedAt: new Date().toISOString() },
          metadata: meta(),
        },
      ]);
    }
    const streamEvents = await infra.store.readStream(stream);
    const instants = streamEvents.map((e) => e.recordedAt);

    const t0 = Date.now();
    for (let offset = 1; offset <= EVENTS; offset += CHUNK) {
      await sql.query(FILL, [offset, Math.min(CHUNK, EVENTS - offset + 1), EVENTS, TYPES]);
      process.stderr.write(`\r[${KIND}] ${int(Math.min(offset + CHUNK - 1, EVENTS))} of ${int(EVENTS)} log rows, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    }
    await sql.query('ANALYZE es.events');
    const fillSeconds = (Date.now() - t0) / 1000;
    process.stderr.write('\n');

    await services.app.listen({ port: 0, host: '127.0.0.1' });
    const address = services.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const token = services.app.jwt.sign({ sub: 'bench-user-0', username: 'bench0', firstName: 'Vorname0', lastName: 'Nachname0', roles: ['auditor'] });

    async function measure(name: string, url: (i: number) => string, check: (body: unknown) => number): Promise<string[]> {
      const samples: number[] = [];
      let rows = 0;
      for (let i = 0; i < WARMUP + REQUESTS; i++) {
        const start = performance.now();
        const res = await fetch(`${base}${url(i)}`, { headers: { authorization: `Bearer ${token}` } });
        const body = (await res.json()) as unknown;
        const elapsed = performance.now() - start;
        if (res.status !== 200) throw new Error(`${name}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
        if (i >= WARMUP) {
          samples.push(elapsed);
          rows += check(body);
        }
      }
      const p = percentiles(samples);
      return [name, int(p.count), (rows / p.count).toFixed(0), latencyTriple(p), `${p.max.toFixed(1)} ms`];
    }
    type Page = { entries: unknown[]; nextCursor: string | null };
    const entries = (body: unknown) => (body as Page).entries.length;

    // A cursor half-way down the log: the first page of the month that ends there.
    const middle = new Date(Date.now() - (EVENTS / 2) * 6000);
    const deep = (await (await fetch(`${base}/api/audit/log?to=${encodeURIComponent(middle.toISOString())}&limit=1`, { headers: { authorization: `Bearer ${token}` } })).json()) as Page;
    const monthStart = new Date(middle.getTime() - 30 * 86_400_000);

    const rows = [
      await measure(`state at an instant, stream of ${int(STREAM_EVENTS)} events`, (i) => `/api/audit/order/${orderId}/state?at=${encodeURIComponent(instants[(i * 37) % instants.length]!)}`, () => 1),
      await measure(`history, stream of ${int(STREAM_EVENTS)} events (reference)`, () => `/api/audit/order/${orderId}/history`, (b) => (b as Page).entries.length),
      await measure('log page: newest 100', () => '/api/audit/log?limit=100', entries),
      await measure('log page: 100 after a cursor half-way down', () => `/api/audit/log?limit=100&cursor=${deep.nextCursor}`, entries),
      await measure('log page: one user', (i) => `/api/audit/log?limit=100&userId=bench-user-${i % USERS}`, entries),
      await measure('log page: one month, half-way down', () => `/api/audit/log?limit=100&from=${encodeURIComponent(monthStart.toISOString())}&to=${encodeURIComponent(middle.toISOString())}`, entries),
      await measure('log page: kind order', () => '/api/audit/log?limit=100&kind=order', entries),
      await measure('log page: one user, kind order, one month', (i) => `/api/audit/log?limit=100&kind=order&userId=bench-user-${i % USERS}&from=${encodeURIComponent(monthStart.toISOString())}&to=${encodeURIComponent(middle.toISOString())}`, entries),
      await measure('log page: rare type (1 in 1,000)', () => '/api/audit/log?limit=100&type=FuelCardPinRevealed', entries),
    ];
    console.log(`\nAudit over HTTP, ${database}, ${int(EVENTS + STREAM_EVENTS)} events in es.events (bulk fill ${fillSeconds.toFixed(0)} s); targets: state p95 < 100 ms, log page p95 < 50 ms`);
    console.log(renderTable(['request', 'requests', 'rows', 'p50 / p95 / p99', 'max'], rows));
  } finally {
    await services.close();
    await infra.close();
    await db.dispose();
  }
}

await main();
