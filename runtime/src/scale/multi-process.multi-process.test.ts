/**
 * The scaled setup of docker-compose.yml run for real (issue 20): 3 command-service processes (the
 * clients spread their requests over them), 1 projection-service and 2 socket gateways (both
 * `projection-main`, as in docker-compose.yml) on one PostgreSQL database and a NATS server. For 30 s
 * clients create orders, assign them to tours and move tours, from all three command services; then
 * nothing is lost or doubled, the read tables equal a rebuild from the log, every socket client of
 * both gateways got every notice, and the 15:00 tour-plan mail and the deadline warnings happened once.
 *
 * `npm run test:multi-process` (needs DATABASE_URL; starts its own nats-server). Not part of `npm test`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays, berlinDate, berlinInstant } from '@dispo/domain/shared/index';
import type { RecordedEvent } from '@dispo/events/envelope';
import { createTestSql, type TestSql } from '@dispo/events/testing/test-database';
import { createBus } from '@dispo/platform/bus/create-bus';
import type { Notice, NoticeBus } from '@dispo/platform/bus/notice-bus';
import { socketEventOf } from '@dispo/projection-service/gateway/socket-gateway';
import { startSmtpPeer, type SmtpPeer } from '@dispo/projection-service/mail/testing';
import { ProjectionRunner } from '@dispo/projection-service/runner';
import pino from 'pino';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoCatalog } from '../demo-catalog';
import { createInfrastructure, type Infrastructure } from '../infrastructure';
import { seedDemoData } from '../seed';
import { projections } from '../services';
import { demoOrderBody } from '../testing/demo-order';
import { readLog } from '../testing/read-log';
import { readTables } from '../testing/read-tables';
import { TEST_JWT_SECRET, TEST_PIN_KEY } from '../testing/test-app';
import { type ServiceProcess, startNats, startService } from './service-processes';

const LOAD_SECONDS = 30;
/** Request loops per command service; each pauses between requests: a moderate load for a busy 2-core machine. */
const LOOPS_PER_COMMAND_SERVICE = 2;
const PAUSE_MS = 120;
const RECIPIENT = 'tourenplan@dispo.example';
/** The services' clocks start 45 s before 15:00 Berlin: the scheduled mail falls into the test. */
const SLOT_DAY = '2031-03-04';
const CLOCK_OFFSET_MS = berlinInstant(SLOT_DAY, '15:00').getTime() - 45_000 - Date.now();
const shiftedNow = () => new Date(Date.now() + CLOCK_OFFSET_MS);
/** The day of the tours the load plans. */
const LOAD_DAY = '2031-03-10';
const TIMES = Array.from({ length: 24 }, (_, i) => `${String(6 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 === 0 ? '00' : '30'}`);

type Outcome = { kind: 'create' | 'assign' | 'move'; status: number; refusal?: string };

interface Tour {
  id: string;
  vehicle_id: string;
  start_time: string;
}

/** What a refused command answered (for the message of a failing test). */
const refusal = (res: { status: number; body: unknown }) => (res.status >= 300 ? JSON.stringify(res.body).slice(0, 200) : undefined);
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `count` (of notices seen) has not grown for QUIET_MS, at most QUIET_WAIT_MS. */
async function untilQuiet(count: () => number): Promise<void> {
  const until = Date.now() + QUIET_WAIT_MS;
  let seen = count();
  let since = Date.now();
  while (Date.now() < until) {
    await sleep(100);
    if (count() !== seen) {
      seen = count();
      since = Date.now();
    } else if (Date.now() - since >= QUIET_MS) return;
  }
}
const QUIET_MS = 1500;
const QUIET_WAIT_MS = 20_000;

async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(100);
  }
}

describe.runIf(process.env.DATABASE_URL)('several processes on one PostgreSQL and NATS (docker-compose.yml)', () => {
  let db: TestSql;
  let infra: Infrastructure;
  let nats: { url: string; stop(): Promise<void> };
  let groundTruth: NoticeBus;
  let smtp: SmtpPeer;
  let dataDir: string;
  const commandServices: ServiceProcess[] = [];
  const queryServices: ServiceProcess[] = [];
  const sockets: { gateway: string; socket: Socket; received: string[] }[] = [];
  /** Every notice published on the bus, as a socket client would see it. */
  const published: string[] = [];
  const outcomes: Outcome[] = [];
  const created: string[] = [];
  /**
   * The placements (vehicle and time) of each tour's successful assigns and moves. Clients of three
   * services move the same tours at once, and a response can arrive after a later command's: which
   * of them committed last only the log knows, so a tour must stand where one of them put it.
   */
  const placements = new Map<string, Set<string>>();
  const placed = (tourId: string, placement: { vehicleId: string; time: string }) =>
    placements.set(tourId, (placements.get(tourId) ?? new Set()).add(`${placement.vehicleId} ${placement.time}`));
  const tokens: Record<string, string> = {};
  let next = 0;
  let fleetVehicle = '';
  let dispatchVehicles: string[] = [];

  const env = () => ({
    DATABASE_URL: db.url!,
    NATS_URL: nats.url,
    JWT_SECRET: TEST_JWT_SECRET,
    PIN_KEY: TEST_PIN_KEY,
    SMTP_URL: smtp.url,
    TOUR_PLAN_RECIPIENTS: RECIPIENT,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    DISPO_TEST_CLOCK_OFFSET_MS: String(CLOCK_OFFSET_MS),
  });
  /** The next command service, round-robin. */
  const commandUrl = () => commandServices[next++ % commandServices.length]!.url;
  const call = async (base: string, method: string, path: string, body?: unknown, user = 'dispo') => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${tokens[user]}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
  };
  const allServices = () => [...commandServices, ...queryServices];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'dispo-multi-process-'));
    db = await createTestSql({ kind: 'postgres' });
    infra = await createInfrastructure({ databaseUrl: undefined, dataDir: '', natsUrl: undefined, eventstoreUrl: undefined }, db.sql);
    await seedDemoData(infra, loadDemoCatalog(), { pinKey: TEST_PIN_KEY });
    nats = await startNats();
    groundTruth = await createBus(nats.url);
    await groundTruth.subscribe('dispo.>', (notice: Notice) =>
      published.push(JSON.stringify([socketEventOf(notice.subject), notice.payload])),
    );
    smtp = await startSmtpPeer();

    // Phase 1: the command services and the projection-service; a vehicle with deadlines and the vehicles of the load.
    const started = await Promise.all([
      ...[1, 2, 3].map((n) => startService(`command-service ${n}`, 'command', env())),
      startService('projection-service', 'projection', env()),
    ]);
    commandServices.push(...started.slice(0, 3));
    for (const user of ['dispo', 'fuhrpark']) {
      const res = await fetch(`${commandUrl()}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: user, password: 'demo1234' }),
      });
      expect(res.status).toBe(200);
      tokens[user] = ((await res.json()) as { token: string }).token;
    }
    const today = berlinDate(shiftedNow());
    const vehicle = async (plate: string, deadlines: Record<string, string>) => {
      const res = await call(
        commandUrl(),
        'POST',
        '/api/vehicles',
        {
          license_plate: plate,
          vehicle_type: 'sattelzug',
          make_model: 'MAN TGX',
          payload_kg: 27000,
          enabled_for_dispatch: true,
          ...deadlines,
        },
        'fuhrpark',
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return (res.body!.vehicle as { id: string }).id;
    };
    fleetVehicle = await vehicle('MP-FW 1', {
      tuv_until: addDays(today, 10),
      inspection_until: addDays(today, -3),
      insurance_until: addDays(today, 200),
    });
    dispatchVehicles = [];
    for (let i = 1; i <= 4; i++)
      dispatchVehicles.push(
        await vehicle(`MP-DT ${i}`, {
          tuv_until: addDays(today, 400),
          inspection_until: addDays(today, 400),
          insurance_until: addDays(today, 400),
        }),
      );
    await started[3]!.stop();

    // Phase 2: projection-service and both gateways start together: their deadline jobs race on start.
    queryServices.push(
      ...(await Promise.all([
        startService('projection-service', 'projection', env()),
        startService('gateway 1', 'projection', env()),
        startService('gateway 2', 'projection', env()),
      ])),
    );
    for (const gateway of queryServices.slice(1)) {
      for (let n = 0; n < 2; n++) {
        const socket = io(gateway.url, {
          auth: { token: tokens.dispo },
          transports: ['websocket'],
          reconnection: false,
          forceNew: true,
          timeout: 10_000,
        });
        const received: string[] = [];
        socket.onAny((event: string, payload: unknown) => received.push(JSON.stringify([event, payload])));
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', resolve);
          socket.once('connect_error', reject);
        });
        sockets.push({ gateway: gateway.name, socket, received });
      }
    }
    // The services' start-up work (deadline warnings, scheduled mails) publishes too, and on a busy
    // machine still after the clients connected: count from a quiet bus, on both sides at once.
    await untilQuiet(() => published.length + sockets.reduce((n, client) => n + client.received.length, 0));
    published.length = 0;
    for (const client of sockets) client.received.length = 0;

    // The load: creates, assigns and moves, spread over the three command services.
    const end = Date.now() + LOAD_SECONDS * 1000;
    const loop = async () => {
      const mine: string[] = [];
      while (Date.now() < end) {
        const roll = Math.random();
        if (mine.length === 0 || roll < 0.4) {
          const res = await call(commandUrl(), 'POST', '/api/orders', demoOrderBody({ delivery_date: LOAD_DAY, quantity: 20 }));
          outcomes.push({ kind: 'create', status: res.status, refusal: refusal(res) });
          if (res.status === 201) {
            const id = (res.body!.order as { id: string }).id;
            created.push(id);
            mine.push(id);
          }
        } else if (roll < 0.75) {
          const orderId = mine.shift()!;
          const placement = { vehicleId: pick(dispatchVehicles), time: pick(TIMES) };
          const res = await call(commandUrl(), 'POST', '/api/disposition/assign', {
            orderId,
            vehicleId: placement.vehicleId,
            scheduledTime: `${LOAD_DAY}T${placement.time}`,
            confirmWarnings: true,
          });
          outcomes.push({ kind: 'assign', status: res.status, refusal: refusal(res) });
          if (res.status === 201) placed(res.body!.tourId as string, placement);
        } else {
          const tours = [...placements.keys()];
          if (tours.length === 0) continue;
          const tourId = pick(tours);
          const placement = { vehicleId: pick(dispatchVehicles), time: pick(TIMES) };
          const res = await call(commandUrl(), 'PUT', `/api/disposition/tours/${tourId}/move`, {
            vehicleId: placement.vehicleId,
            scheduledTime: `${LOAD_DAY}T${placement.time}`,
          });
          outcomes.push({ kind: 'move', status: res.status, refusal: refusal(res) });
          if (res.status === 200) placed(tourId, placement);
        }
        await sleep(PAUSE_MS);
      }
    };
    await Promise.all(Array.from({ length: 3 * LOOPS_PER_COMMAND_SERVICE }, loop));
  }, 400_000);

  afterAll(async () => {
    for (const { socket } of sockets) socket.disconnect();
    await Promise.all(allServices().map((s) => s.stop().catch(() => {})));
    await groundTruth?.close();
    await nats?.stop();
    await smtp?.close();
    await infra?.close();
    await db?.dispose();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const log = () => readLog(infra.store);
  const ofType = (events: RecordedEvent[], type: string) => events.filter((e) => e.type === type);
  /** Waits until every projection of the shared database has passed the end of the log. */
  const caughtUp = async () => {
    const head = (await log()).at(-1)!.position;
    const runner = new ProjectionRunner(db.sql, infra.store, projections, infra.bus, pino({ level: 'silent' }));
    expect(await runner.waitForStored(head, 60_000)).toBe(true);
  };

  it('answered every command of the load, from every command service, without a server error', () => {
    const failed = outcomes.filter((o) => o.status >= 500 || o.status === 0);
    expect(
      failed,
      allServices()
        .map((s) => `--- ${s.name}\n${s.output()}`)
        .join('\n'),
    ).toEqual([]);
    for (const kind of ['create', 'assign', 'move'] as const) {
      const done = outcomes.filter((o) => o.kind === kind && o.status < 300).length;
      expect(done, `${kind}: ${JSON.stringify(outcomes.filter((o) => o.kind === kind && o.refusal).slice(0, 3))}`).toBeGreaterThan(5);
    }
  });

  it('lost and doubled no event: one OrderCreated per created order, every stream contiguous and in log order, every tour where one of its successful commands put it', async () => {
    await caughtUp();
    const events = await log();
    expect(new Set(events.map((e) => e.eventId)).size).toBe(events.length);
    const versions = new Map<string, number>();
    for (const e of events) {
      expect(e.streamVersion, `${e.streamId} in log order`).toBe((versions.get(e.streamId) ?? 0) + 1);
      versions.set(e.streamId, e.streamVersion);
    }
    const createdInLog = ofType(events, 'OrderCreated').map((e) => e.streamId.slice('order-'.length));
    const loadOrders = new Set(created);
    expect(createdInLog.filter((id) => loadOrders.has(id)).sort()).toEqual([...created].sort());
    const { rows } = await db.sql.query<Tour>('SELECT id, vehicle_id, start_time::text AS start_time FROM read.tours WHERE id = ANY($1)', [
      [...placements.keys()],
    ]);
    expect(rows.length).toBe(placements.size);
    for (const r of rows) expect([...placements.get(r.id)!], r.id).toContain(`${r.vehicle_id} ${r.start_time.slice(0, 5)}`);
  });

  it('requested and sent the 15:00 tour-plan mail once, though three processes schedule it', async () => {
    const forDate = addDays(SLOT_DAY, 1);
    await waitUntil(
      async () => ofType(await log(), 'TourPlanMailRequested').some((e) => (e.data as { trigger: string }).trigger === '15:00'),
      30_000,
      'the 15:00 tour-plan mail',
    );
    const mails = await smtp.waitFor(1, 30_000);
    await sleep(2000);
    const requested = ofType(await log(), 'TourPlanMailRequested').map(
      (e) => e.data as { date: string; trigger: string; recipients: string[] },
    );
    expect(requested.filter((r) => r.trigger === '15:00')).toEqual([expect.objectContaining({ date: forDate, recipients: [RECIPIENT] })]);
    expect(smtp.received.length).toBe(1);
    expect(mails[0]!.to).toBeDefined();
  });

  it('recorded each deadline warning once, though three processes ran the job on start', async () => {
    const warnings = ofType(await log(), 'VehicleDeadlineWarningRecorded').map(
      (e) => e.data as { vehicleId: string; actionType: string; day: string },
    );
    const ours = warnings
      .filter((w) => w.vehicleId === fleetVehicle)
      .map((w) => w.actionType)
      .sort();
    expect(ours).toEqual(['INSPECTION_OVERDUE', 'SYSTEM_WARNING', 'TUV_WARNING']);
    const keys = warnings.map((w) => `${w.vehicleId}/${w.actionType}/${w.day}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('delivered every notice to every socket client of both gateways, once', async () => {
    await caughtUp();
    expect(published.length).toBeGreaterThan(created.length);
    const sorted = (items: string[]) => [...items].sort();
    // Quiet: the load is over and the mail sent; wait until every client has as many notices as the bus carried.
    await waitUntil(() => sockets.every((c) => c.received.length >= published.length), 20_000, 'every notice at every socket client');
    await sleep(500);
    for (const client of sockets) expect(sorted(client.received), client.gateway).toEqual(sorted(published));
    const newOrders = published
      .filter((p) => p.startsWith('["new_order"'))
      .map((p) => (JSON.parse(p) as [string, { order: { id: string } }])[1].order.id);
    expect(newOrders.filter((id) => created.includes(id)).sort()).toEqual([...created].sort());
  });

  it('has every read table equal to a rebuild from the log', async () => {
    await caughtUp();
    for (const { socket } of sockets) socket.disconnect();
    await Promise.all(allServices().map((s) => s.stop()));
    const before = await readTables(db.sql);
    const runner = new ProjectionRunner(db.sql, infra.store, projections, infra.bus, pino({ level: 'silent' }));
    await runner.setup();
    for (const p of projections) await runner.rebuild(p.name);
    expect(await readTables(db.sql)).toEqual(before);
    expect(before.orders!.rows).toBeGreaterThanOrEqual(created.length);
  });
});
