import { ProjectionRunner } from '@dispo/projection-service/runner';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projections } from './services';
import { createTestApp, type TestApp } from './testing/test-app';

/** Every read table: row count and a checksum of its rows in a fixed order. */
async function readTables(t: TestApp): Promise<Record<string, { rows: number; checksum: string }>> {
  const { rows: tables } = await t.infra.sql.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'read' AND table_name <> 'projection_checkpoints' ORDER BY 1",
  );
  const out: Record<string, { rows: number; checksum: string }> = {};
  for (const { name } of tables) {
    const { rows } = await t.infra.sql.query<{ n: string; checksum: string | null }>(
      `SELECT count(*)::text AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS checksum FROM read.${name} t`,
    );
    out[name] = { rows: Number(rows[0]!.n), checksum: rows[0]!.checksum ?? '' };
  }
  return out;
}

describe('rebuilding one projection alone (issue 19)', { timeout: 300_000 }, () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    token = await t.login('fuhrpark');
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = async (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) => {
    const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json() as Record<string, { id: string }>;
  };

  it('after a history with renames, each projection rebuilt alone equals the live tables, old history entries keep their plates', async () => {
    // A tractor and a trailer, coupled, then both renamed, then more history under the new plates.
    const tractor = (await call('POST', '/api/vehicles', { license_plate: 'RB-AL 1', make_model: 'MAN TGX', vehicle_type: 'zugmaschine' })).vehicle!;
    const trailer = (await call('POST', '/api/auflieger', { kennzeichen: 'RB-AU 1', zugmaschine_id: tractor.id })).auflieger!;
    await call('PUT', `/api/vehicles/${tractor.id}`, { license_plate: 'RB-AL 2' });
    await call('PUT', `/api/auflieger/${trailer.id}`, { kennzeichen: 'RB-AU 2', zugmaschine_id: null });
    await call('PUT', `/api/auflieger/${trailer.id}`, { zugmaschine_id: tractor.id, status: 'repair' });
    await call('PUT', `/api/vehicles/${tractor.id}`, { license_plate: 'RB-AL 3', status: 'repair' });

    const { rows: history } = await t.infra.sql.query<{ vehicle_license_plate: string }>(
      'SELECT vehicle_license_plate FROM read.vehicle_history WHERE vehicle_id = $1 ORDER BY global_position',
      [tractor.id],
    );
    expect(history.map((h) => h.vehicle_license_plate)).toContain('RB-AL 1');

    const live = await readTables(t);
    await t.services.runner.stop();
    const runner = new ProjectionRunner(t.infra.sql, t.infra.store, projections, t.infra.bus, pino({ level: 'silent' }));
    await runner.setup();
    for (const p of projections) {
      await runner.rebuild(p.name);
      expect(await readTables(t), p.name).toEqual(live);
    }
  });
});
