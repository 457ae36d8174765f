/**
 * Idempotency-Key (issue 38, ADR 0021): a multipart upload's bytes are part of the request hash, and a
 * pending key (its process died) is decided from the log: answered if its write committed, run anew
 * once it is older than the bound if not, and settled by the sweep without any retry.
 */
import { randomUUID } from 'node:crypto';
import { messages } from '@dispo/domain/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLog } from './testing/read-log';
import { demoId } from './seed';
import { demoOrderBody } from './testing/demo-order';
import { multipartBody, samplePdf } from './testing/multipart';
import { createTestApp, type TestApp } from './testing/test-app';

const BOUND_MS = 2000;

describe('Idempotency-Key: request hash and the truth about pending keys (issue 38)', { timeout: 120_000 }, () => {
  let t: TestApp;
  let dispo: string;
  let fuhrpark: string;

  beforeAll(async () => {
    t = await createTestApp({ idempotencyPendingBoundMs: BOUND_MS });
    dispo = await t.login('dispo');
    fuhrpark = await t.login('fuhrpark');
  });
  afterAll(async () => {
    await t?.close();
  });

  const createOrder = (key: string, body = demoOrderBody()) =>
    t.app.inject({ method: 'POST', url: '/api/orders', headers: { authorization: `Bearer ${dispo}`, 'idempotency-key': key }, payload: body });
  const upload = (vehicleId: string, pdf: Buffer, key: string, filename = 'Fahrzeugschein.pdf') => {
    // A new boundary for every call, as a browser's retry sends it.
    const { payload, headers } = multipartBody([
      { name: 'category', value: 'registration' },
      { name: 'file', filename, contentType: 'application/pdf', value: pdf },
    ]);
    return t.app.inject({
      method: 'POST',
      url: `/api/vehicles/${vehicleId}/documents`,
      headers: { ...headers, authorization: `Bearer ${fuhrpark}`, 'idempotency-key': key },
      payload,
    });
  };
  const ordersCreated = async () => (await readLog(t.infra.store)).filter((e) => e.type === 'OrderCreated').length;
  const keyRow = async (key: string) =>
    (
      await t.infra.sql.query<{ user_id: string; request_hash: string; status: number | null; body: string | null }>(
        'SELECT user_id, request_hash, status, body FROM api.idempotency_keys WHERE key = $1',
        [key],
      )
    ).rows[0];
  /** The state a process leaves when it dies after reserving the key (and maybe after its append). */
  const diedWhileHolding = async (key: string, ageMs = 0) =>
    t.infra.sql.query(
      `UPDATE api.idempotency_keys SET status = NULL, body = NULL, attempt = 'died', created_at = now() - make_interval(secs => $2::double precision / 1000) WHERE key = $1`,
      [key, ageMs],
    );

  it('hashes the uploaded bytes of a multipart body: another file under the same key is refused (422), the same file is replayed', async () => {
    const vehicleId = demoId('vehicle', 'HH-MS 204');
    const key = randomUUID();
    const first = await upload(vehicleId, samplePdf('Datei A'), key);
    expect(first.statusCode, first.body).toBe(201);
    const other = await upload(vehicleId, samplePdf('Datei B'), key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ success: false, error: messages.http.idempotencyKeyReused });
    // The file name is part of the upload too.
    expect((await upload(vehicleId, samplePdf('Datei A'), key, 'anders.pdf')).statusCode).toBe(422);
    const again = await upload(vehicleId, samplePdf('Datei A'), key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replay']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const listed = await t.app.inject({ method: 'GET', url: `/api/vehicles/${vehicleId}/documents`, headers: { authorization: `Bearer ${fuhrpark}` } });
    const names = (listed.json() as { documents: { id: string }[] }).documents.map((d) => d.id);
    expect(names.filter((id) => id === (first.json() as { document: { id: string } }).document.id)).toHaveLength(1);
    expect(names).toHaveLength(1);
  });

  it('a pending key whose write is in the log is answered as committed at once, without a second order', async () => {
    const key = randomUUID();
    expect((await createOrder(key)).statusCode).toBe(201);
    const before = await ordersCreated();
    // The process died after its append, before it stored the answer.
    await diedWhileHolding(key);
    const retry = await createOrder(key);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replay']).toBe('true');
    expect(retry.json()).toEqual({ success: true, message: messages.http.idempotencyKeyCommitted });
    expect(await ordersCreated()).toBe(before);
    // The truth is stored: the key is no longer pending, and the next retry gets the same answer.
    expect(await keyRow(key)).toMatchObject({ status: 200 });
    expect((await createOrder(key)).json()).toEqual(retry.json());
  });

  it('a pending key whose write is not in the log is refused while its holder may live, and runs anew once older than the bound', async () => {
    const body = demoOrderBody({ notes: `verloren ${randomUUID()}` });
    // The request hash a real request leaves, under a throwaway key.
    const witness = randomUUID();
    expect((await createOrder(witness, body)).statusCode).toBe(201);
    const { user_id, request_hash } = (await keyRow(witness))!;
    const key = randomUUID();
    // The process died after reserving the key, before its append.
    await t.infra.sql.query("INSERT INTO api.idempotency_keys (user_id, key, request_hash, attempt) VALUES ($1, $2, $3, 'died')", [user_id, key, request_hash]);
    const before = await ordersCreated();
    const early = await createOrder(key, body);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ success: false, error: messages.http.idempotencyKeyPending });
    await diedWhileHolding(key, BOUND_MS + 1000);
    const late = await createOrder(key, body);
    expect(late.statusCode, late.body).toBe(201);
    expect(late.headers['idempotent-replay']).toBeUndefined();
    expect(await ordersCreated()).toBe(before + 1);
    const again = await createOrder(key, body);
    expect(again.headers['idempotent-replay']).toBe('true');
    expect(again.json()).toEqual(late.json());
    expect(await ordersCreated()).toBe(before + 1);
  });

  it('the sweep settles every pending key older than the bound from the log, without a retry', async () => {
    const written = randomUUID();
    expect((await createOrder(written)).statusCode).toBe(201);
    await diedWhileHolding(written, BOUND_MS + 1000);
    const { user_id, request_hash } = (await keyRow(written))!;
    const lost = randomUUID();
    await t.infra.sql.query(
      `INSERT INTO api.idempotency_keys (user_id, key, request_hash, attempt, created_at) VALUES ($1, $2, $3, 'died', now() - interval '1 hour')`,
      [user_id, lost, request_hash],
    );
    const young = randomUUID();
    await t.infra.sql.query("INSERT INTO api.idempotency_keys (user_id, key, request_hash, attempt) VALUES ($1, $2, $3, 'alive')", [user_id, young, request_hash]);

    await t.services.idempotency.sweep();
    expect(await keyRow(written)).toMatchObject({ status: 200 });
    expect(await keyRow(lost)).toBeUndefined();
    // Younger than the bound: its holder may still be running.
    expect(await keyRow(young)).toMatchObject({ status: null });
    const { rows } = await t.infra.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM api.idempotency_keys WHERE status IS NULL AND created_at < now() - make_interval(secs => $1::double precision / 1000)`,
      [BOUND_MS],
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('the write of a key commits once: an attempt whose key is already in the log writes nothing and answers as committed', async () => {
    const key = randomUUID();
    expect((await createOrder(key)).statusCode).toBe(201);
    const before = await ordersCreated();
    // A second attempt runs although the first committed (its lookup raced the first's commit): as if
    // the key had been released, the same request runs anew; its append meets the unique index.
    await t.infra.sql.query('DELETE FROM api.idempotency_keys WHERE key = $1', [key]);
    const second = await createOrder(key);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ success: true, message: messages.http.idempotencyKeyCommitted });
    expect(await ordersCreated()).toBe(before);
  });
});
