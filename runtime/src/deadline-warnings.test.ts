import { addDays, berlinDate } from '@dispo/domain/shared/berlin-date';
import { deadlineWarnings } from '@dispo/domain/vehicle/deadline-warnings';
import { allEventDefinitions } from '@dispo/events/catalog/index';
import { EventRegistry } from '@dispo/events/registry';
import { createPgClient } from '@dispo/events/sql/pg-client';
import { createTestSql } from '@dispo/events/testing/test-database';
import { createEventStore } from '@dispo/events/store/create-event-store';
import { recordDeadlineWarnings, vehiclesWithDeadlines } from '@dispo/projection-service/fleet/deadline-warning-job';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing/test-app';

const today = berlinDate(new Date());

describe('deadline warnings (fleet.md §4 Deadlines)', () => {
  it('warns from 30 days ahead with the §4 wording and marks past deadlines overdue', () => {
    const v = { id: 'v', licensePlate: 'X', deadlines: { tuv: addDays(today, 30), inspection: addDays(today, -2), insurance: addDays(today, 31) } };
    expect(deadlineWarnings(v, today).map((w) => [w.actionType, w.daysUntil, w.message])).toEqual([
      ['TUV_WARNING', 30, 'TÜV in 30 Tagen fällig.'],
      ['INSPECTION_OVERDUE', -2, 'HU 2 Tage überfällig.'],
    ]);
    expect(deadlineWarnings({ ...v, deadlines: { tuv: today, inspection: addDays(today, 1) } }, today).map((w) => w.message)).toEqual([
      'TÜV heute fällig.',
      'HU morgen fällig.',
    ]);
  });

  it('adds one SYSTEM_WARNING naming every overdue deadline of a vehicle released for dispatch, none otherwise', () => {
    const v = { id: 'v', licensePlate: 'X', deadlines: { tuv: addDays(today, -1), inspection: addDays(today, -3), insurance: addDays(today, 10) } };
    expect(deadlineWarnings(v, today).some((w) => w.actionType === 'SYSTEM_WARNING')).toBe(false);
    const system = deadlineWarnings({ ...v, enabledForDispatch: true }, today).filter((w) => w.actionType === 'SYSTEM_WARNING');
    expect(system).toMatchObject([
      { deadline: null, dueDate: null, daysUntil: null, message: 'Für die Disposition freigegeben, obwohl eine Frist abgelaufen ist: TÜV 1 Tag überfällig, HU 3 Tage überfällig.' },
    ]);
    // Due soon is no system warning: only a passed deadline is.
    expect(deadlineWarnings({ ...v, deadlines: { tuv: today }, enabledForDispatch: true }, today).map((w) => w.actionType)).toEqual(['TUV_WARNING']);
  });

  describe('the job on the product', () => {
    let t: TestApp;
    let token: string;
    let vehicleId: string;

    beforeAll(async () => {
      t = await createTestApp();
      token = await t.login('fuhrpark');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/vehicles',
        headers: { authorization: `Bearer ${token}` },
        payload: {
          license_plate: 'IZ-FW 1',
          vehicle_type: 'lkw_aufbau',
          make_model: 'MAN TGS',
          tuv_until: addDays(today, 10),
          inspection_until: addDays(today, -3),
          insurance_until: addDays(today, 200),
        },
      });
      vehicleId = (res.json() as { vehicle: { id: string } }).vehicle.id;
    });
    afterAll(async () => {
      await t?.close();
    });

    it('writes each warning once per vehicle, type and day; a second run writes nothing; the history shows them as system entries', async () => {
      const ctx = { store: t.infra.store, registry: t.infra.registry };
      const vehicles = (await vehiclesWithDeadlines(t.infra.sql)).filter((v) => v.id === vehicleId);
      const first = await recordDeadlineWarnings(ctx, vehicles);
      expect(first).toEqual({ recorded: 2, existing: 0, failed: [] });
      expect(await recordDeadlineWarnings(ctx, vehicles)).toEqual({ recorded: 0, existing: 2, failed: [] });
      while ((await t.services.runner.lag()) > 0) await new Promise((resolve) => setTimeout(resolve, 50));
      const res = await t.app.inject({ method: 'GET', url: `/api/vehicles/${vehicleId}/history`, headers: { authorization: `Bearer ${token}` } });
      const history = (res.json() as { history: { actionType: string; description: string; systemGenerated: boolean; performer: unknown }[] }).history;
      const warnings = history.filter((h) => h.systemGenerated);
      expect(warnings.map((h) => [h.actionType, h.description]).sort()).toEqual([
        ['INSPECTION_OVERDUE', 'HU 3 Tage überfällig.'],
        ['TUV_WARNING', 'TÜV in 10 Tagen fällig.'],
      ]);
      expect(warnings.every((h) => h.performer === null)).toBe(true);
    });

    it('logs a failing vehicle and goes on with the others; the failed one is tried again next run', async () => {
      const errors: object[] = [];
      const logger = { info: () => {}, error: (obj: object) => void errors.push(obj) };
      const broken = { id: 'kaputt', licensePlate: '', deadlines: { tuv: today } };
      const fine = { id: 'ok-vehicle', licensePlate: 'OK 1', deadlines: { insurance: today } };
      const result = await recordDeadlineWarnings({ store: t.infra.store, registry: t.infra.registry, logger }, [broken, fine]);
      expect(result).toEqual({ recorded: 1, existing: 0, failed: ['kaputt'] });
      expect(errors).toEqual([expect.objectContaining({ vehicleId: 'kaputt' })]);
      const again = await recordDeadlineWarnings({ store: t.infra.store, registry: t.infra.registry, logger }, [{ ...broken, licensePlate: 'K 1' }]);
      expect(again).toEqual({ recorded: 1, existing: 0, failed: [] });
    });
  });

  // Two service instances, each with its own connection pool and event store, on one PostgreSQL database.
  describe.skipIf(!process.env.DATABASE_URL)('two instances at once on PostgreSQL', () => {
    it('writes every warning exactly once however the runs interleave', async () => {
      const testSql = await createTestSql({ kind: 'postgres' });
      const { rows } = await testSql.sql.query<{ db: string }>('SELECT current_database() AS db');
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${rows[0]!.db}`;
      const otherSql = createPgClient(url.toString(), { max: 5 });
      try {
        const registry = new EventRegistry(allEventDefinitions);
        const storeA = await createEventStore({ sql: testSql.sql, registry });
        const storeB = await createEventStore({ sql: otherSql, registry });
        const vehicles = Array.from({ length: 20 }, (_, i) => ({
          id: `v-${i}`,
          licensePlate: `IZ-T ${i}`,
          deadlines: { tuv: addDays(today, i - 5), inspection: addDays(today, i), insurance: addDays(today, 40) },
        }));
        const expected = vehicles.reduce((n, v) => n + deadlineWarnings(v, today).length, 0);
        const runs = await Promise.all(
          Array.from({ length: 6 }, (_, i) => recordDeadlineWarnings({ store: i % 2 === 0 ? storeA : storeB, registry }, vehicles)),
        );
        expect(runs.reduce((n, r) => n + r.recorded, 0)).toBe(expected);
        expect(runs.every((r) => r.recorded + r.existing === expected && r.failed.length === 0)).toBe(true);
        const { rows: counts } = await testSql.sql.query<{ streams: string; events: string }>(
          `SELECT count(DISTINCT stream_id) AS streams, count(*) AS events FROM es.events WHERE type = 'VehicleDeadlineWarningRecorded'`,
        );
        expect(Number(counts[0]!.events)).toBe(expected);
        expect(Number(counts[0]!.streams)).toBe(expected);
        await storeA.close();
        await storeB.close();
      } finally {
        await otherSql.close();
        await testSql.dispose();
      }
    });
  });
});
