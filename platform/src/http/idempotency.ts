import { createHash } from 'node:crypto';
import { messages } from '@dispo/domain/messages';
import type { SqlClient, SqlExecutor } from '@dispo/events/sql/client';
import { setupUnderLock } from '@dispo/events/sql/setup-lock';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    idempotency?: { userId: string; key: string };
  }
}

const keyPattern = /^[\x21-\x7e]{1,200}$/;

export async function setupIdempotencyTable(sql: SqlClient): Promise<void> {
  await setupUnderLock(sql, 'api.idempotency_keys.setup', async (tx) => {
    await tx.query('CREATE SCHEMA IF NOT EXISTS api');
    // status NULL: the request is being handled (or its process died after the append: see below).
    await tx.query(`CREATE TABLE IF NOT EXISTS api.idempotency_keys (
    user_id text NOT NULL,
    key text NOT NULL,
    request_hash text NOT NULL,
    status integer,
    body text,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, key)
  )`);
  });
}

function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
}

/**
 * `Idempotency-Key` on any POST of a logged-in user: the first request runs and its 2xx answer is
 * stored; a retry with the same key and body gets that answer again (header `Idempotent-Replay`)
 * instead of a second order. The key is reserved before the handler runs, so two concurrent requests
 * never both run; a refused request (4xx) frees it. A key whose process died mid-request stays
 * reserved (409): the write may have committed, and a duplicate is worse than a refetch.
 */
export function installIdempotency(app: FastifyInstance, sql: SqlExecutor): void {
  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers['idempotency-key'];
    if (request.method !== 'POST' || header === undefined || !request.user) return;
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || !keyPattern.test(key)) throw new HttpError(400, messages.http.idempotencyKeyInvalid);
    const userId = (request.user as { sub: string }).sub;
    const hash = requestHash(request);
    const { rows } = await sql.query(
      'INSERT INTO api.idempotency_keys (user_id, key, request_hash) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING key',
      [userId, key, hash],
    );
    if (rows.length === 1) {
      request.idempotency = { userId, key };
      return;
    }
    const { rows: found } = await sql.query<{ request_hash: string; status: number | null; body: string | null }>(
      'SELECT request_hash, status, body FROM api.idempotency_keys WHERE user_id = $1 AND key = $2',
      [userId, key],
    );
    const first = found[0];
    if (!first) throw new HttpError(409, messages.http.idempotencyKeyPending);
    if (first.request_hash !== hash) throw new HttpError(422, messages.http.idempotencyKeyReused);
    if (first.status === null) throw new HttpError(409, messages.http.idempotencyKeyPending);
    return reply.code(first.status).header('content-type', 'application/json; charset=utf-8').header('idempotent-replay', 'true').send(first.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const held = request.idempotency;
    if (!held) return payload;
    request.idempotency = undefined;
    if (reply.statusCode >= 200 && reply.statusCode < 300) {
      const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
      await sql.query('UPDATE api.idempotency_keys SET status = $3, body = $4 WHERE user_id = $1 AND key = $2', [held.userId, held.key, reply.statusCode, body]);
    } else if (reply.statusCode < 500) {
      await sql.query('DELETE FROM api.idempotency_keys WHERE user_id = $1 AND key = $2', [held.userId, held.key]);
    }
    return payload;
  });
}
