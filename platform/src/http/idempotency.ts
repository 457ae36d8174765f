import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomUUID } from 'node:crypto';
import { messages } from '@dispo/domain/messages';
import type { SqlClient, SqlExecutor } from '@dispo/events/sql/client';
import { setupUnderLock } from '@dispo/events/sql/setup-lock';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors';
import { COMMITTED_STATUS, committedAnswer } from './idempotent-replay';

/** A key this request holds: its row is `pending` under `attempt` until the answer is stored. */
interface HeldKey {
  userId: string;
  key: string;
  attempt: string;
  /** What the write's first event carries in its metadata (ADR 0021). */
  writeKey: string;
  /** An append of this request carried writeKey and committed. */
  written: boolean;
  /** False once the answer is sent: later work the request left behind writes without the key. */
  open: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotency?: HeldKey;
    /**
     * What the request hash covers instead of the parsed body: set, before preHandler, by a route that
     * reads its body itself (a multipart upload; see bodyDigest()).
     */
    bodyDigest?: string;
  }
}

export interface IdempotencyOptions {
  /**
   * A pending key older than this whose write is not in the log is released (the request that held
   * it died): a retry runs anew. Default 30 s, above any request's own time (read-your-writes waits 5 s).
   */
  pendingBoundMs?: number;
  /**
   * Looks a key's write up in the log (EventStore.findIdempotentWrite). Without it (EventStoreDB) the
   * log cannot tell, and an expired pending key is released on trust.
   */
  findWrite?: (writeKey: string) => Promise<unknown>;
  logger?: FastifyBaseLogger;
}

export interface Idempotency {
  /** Decides every pending key older than the bound from the log; returns how many it settled. */
  sweep(): Promise<number>;
  /** Sweeps every half bound until stop(). */
  start(): void;
  stop(): void;
}

export const DEFAULT_PENDING_BOUND_MS = 30_000;
const keyPattern = /^[\x21-\x7e]{1,200}$/;
/** Rows one sweep settles at most (the next sweep takes the rest). */
const SWEEP_LIMIT = 200;

const heldKeys = new AsyncLocalStorage<HeldKey>();

export async function setupIdempotencyTable(sql: SqlClient): Promise<void> {
  await setupUnderLock(sql, 'api.idempotency_keys.setup', async (tx) => {
    await tx.query('CREATE SCHEMA IF NOT EXISTS api');
    // status NULL: pending, i.e. the request is being handled, or its process died (ADR 0021).
    await tx.query(`CREATE TABLE IF NOT EXISTS api.idempotency_keys (
    user_id text NOT NULL,
    key text NOT NULL,
    request_hash text NOT NULL,
    status integer,
    body text,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, key)
  )`);
    // Which attempt holds a pending key: one that was taken over must not store or release it.
    await tx.query('ALTER TABLE api.idempotency_keys ADD COLUMN IF NOT EXISTS attempt text');
    await tx.query('CREATE INDEX IF NOT EXISTS idempotency_keys_pending ON api.idempotency_keys (created_at) WHERE status IS NULL');
  });
}

/**
 * For the current request's next append: the key its first event must carry, until one append of the
 * request carried it (command-handler.ts). Undefined outside a keyed request.
 */
export function pendingIdempotentWrite(): { key: string; appended(): void } | undefined {
  const held = heldKeys.getStore();
  if (!held || !held.open || held.written) return undefined;
  return {
    key: held.writeKey,
    appended: () => {
      held.written = true;
    },
  };
}

/** The digest a route that reads its body itself gives as request.bodyDigest: every part, length-prefixed. */
export function bodyDigest(parts: readonly (string | Buffer)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) {
    const bytes = typeof part === 'string' ? Buffer.from(part, 'utf8') : part;
    hash.update(`${bytes.length}:`).update(bytes);
  }
  return hash.digest('hex');
}

/** The log's name of a user's key: fixed length, and the key itself stays out of the log. */
export function writeKeyOf(userId: string, key: string): string {
  return createHash('sha256').update(userId).update('\n').update(key).digest('base64url');
}

function requestHash(request: FastifyRequest): string {
  if (request.bodyDigest === undefined && request.isMultipart?.()) {
    // The multipart reader consumes the body after this hook: the route must digest it (bodyDigest()).
    throw new Error(`${request.method} ${request.url}: a multipart route must set request.bodyDigest before keys are checked`);
  }
  const body = request.bodyDigest ?? JSON.stringify(request.body ?? null);
  return createHash('sha256').update(`${request.method} ${request.url}\n${body}`).digest('hex');
}

interface KeyRow {
  request_hash: string;
  status: number | null;
  body: string | null;
  attempt: string | null;
  expired: boolean;
}

/**
 * `Idempotency-Key` on any POST of a logged-in user: the first request runs and its 2xx answer is
 * stored; a retry with the same key and body gets that answer again (header `Idempotent-Replay`)
 * instead of a second order; another body under the key is refused (422). The key is reserved
 * before the handler runs, so two concurrent requests never both run; a refused request (4xx) frees it.
 *
 * The truth about a pending key is the log (ADR 0021): the request's first append carries the key
 * in its first event's metadata, under a unique index. A retry of a pending key whose write is in the
 * log gets the committed answer; one whose write is not is refused (409) while the first attempt may
 * still run, and runs anew once the key is older than the bound. The unique index makes that safe
 * even if the first attempt was only slow: of two attempts only one write commits.
 */
export function installIdempotency(app: FastifyInstance, sql: SqlExecutor, options: IdempotencyOptions = {}): Idempotency {
  const boundMs = options.pendingBoundMs ?? DEFAULT_PENDING_BOUND_MS;
  const logger = options.logger ?? app.log;
  const findWrite = options.findWrite;

  const settleCommitted = (userId: string, key: string, attempt: string | null) =>
    sql.query(
      'UPDATE api.idempotency_keys SET status = $3, body = $4 WHERE user_id = $1 AND key = $2 AND status IS NULL AND attempt IS NOT DISTINCT FROM $5',
      [userId, key, COMMITTED_STATUS, JSON.stringify(committedAnswer()), attempt],
    );
  const release = (userId: string, key: string, attempt: string | null) =>
    sql.query('DELETE FROM api.idempotency_keys WHERE user_id = $1 AND key = $2 AND status IS NULL AND attempt IS NOT DISTINCT FROM $3', [
      userId,
      key,
      attempt,
    ]);

  const replay = (reply: FastifyReply, status: number, body: string | null) =>
    reply.code(status).header('content-type', 'application/json; charset=utf-8').header('idempotent-replay', 'true').send(body);

  /** Reserves the key, or answers the request from it. Returns the held key, or null when answered. */
  async function reserve(request: FastifyRequest, reply: FastifyReply, userId: string, key: string): Promise<HeldKey | null> {
    const hash = requestHash(request);
    const writeKey = writeKeyOf(userId, key);
    // Twice at most: a row released between the INSERT and the SELECT is inserted on the second round.
    for (let round = 0; round < 2; round++) {
      const attempt = randomUUID();
      const { rows } = await sql.query(
        'INSERT INTO api.idempotency_keys (user_id, key, request_hash, attempt) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING key',
        [userId, key, hash, attempt],
      );
      if (rows.length === 1) return { userId, key, attempt, writeKey, written: false, open: true };
      const { rows: found } = await sql.query<KeyRow>(
        `SELECT request_hash, status, body, attempt, created_at < now() - make_interval(secs => $3::double precision / 1000) AS expired
         FROM api.idempotency_keys WHERE user_id = $1 AND key = $2`,
        [userId, key, boundMs],
      );
      const first = found[0];
      if (!first) continue;
      if (first.request_hash !== hash) throw new HttpError(422, messages.http.idempotencyKeyReused);
      if (first.status !== null) {
        replay(reply, first.status, first.body);
        return null;
      }
      // Pending: the log tells whether its write committed.
      if (findWrite && (await findWrite(writeKey)) !== null) {
        await settleCommitted(userId, key, first.attempt);
        replay(reply, COMMITTED_STATUS, JSON.stringify(committedAnswer()));
        return null;
      }
      if (!first.expired) throw new HttpError(409, messages.http.idempotencyKeyPending);
      // Its holder died before its write: this request takes the key over and runs anew.
      const { rows: taken } = await sql.query(
        'UPDATE api.idempotency_keys SET attempt = $3, created_at = now() WHERE user_id = $1 AND key = $2 AND status IS NULL AND attempt IS NOT DISTINCT FROM $4 RETURNING key',
        [userId, key, attempt, first.attempt],
      );
      if (taken.length === 1) {
        logger.warn({ idempotencyKey: writeKey }, 'pending idempotency key taken over: its write is not in the log');
        return { userId, key, attempt, writeKey, written: false, open: true };
      }
    }
    throw new HttpError(409, messages.http.idempotencyKeyPending);
  }

  // Callback style: the handler must run inside heldKeys.run() so that its appends find the key.
  app.addHook('preHandler', (request, reply, done) => {
    const header = request.headers['idempotency-key'];
    if (request.method !== 'POST' || header === undefined || !request.user) return done();
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || !keyPattern.test(key)) return done(new HttpError(400, messages.http.idempotencyKeyInvalid));
    const userId = (request.user as { sub: string }).sub;
    reserve(request, reply, userId, key).then(
      (held) => {
        if (!held) return; // answered from the key
        request.idempotency = held;
        heldKeys.run(held, () => done());
      },
      (error: unknown) => done(error as Error),
    );
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const held = request.idempotency;
    if (!held) return payload;
    request.idempotency = undefined;
    held.open = false;
    try {
      if (reply.statusCode >= 200 && reply.statusCode < 300) {
        const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
        await sql.query('UPDATE api.idempotency_keys SET status = $3, body = $4 WHERE user_id = $1 AND key = $2 AND attempt = $5', [
          held.userId,
          held.key,
          reply.statusCode,
          body,
          held.attempt,
        ]);
      } else if (reply.statusCode < 500) {
        await release(held.userId, held.key, held.attempt);
      } else if (findWrite && !held.written && (await findWrite(held.writeKey)) === null) {
        // Failed before its write committed (or with a commit whose answer was lost, which the unique
        // index then reports to the retry): a retry may run at once.
        await release(held.userId, held.key, held.attempt);
      }
    } catch (error) {
      // The database is gone: the key stays pending, and the next retry or sweep decides it from the log.
      logger.warn({ err: error }, 'idempotency key not settled');
    }
    return payload;
  });

  async function sweep(): Promise<number> {
    const { rows } = await sql.query<{ user_id: string; key: string; attempt: string | null }>(
      `SELECT user_id, key, attempt FROM api.idempotency_keys
       WHERE status IS NULL AND created_at < now() - make_interval(secs => $1::double precision / 1000)
       ORDER BY created_at LIMIT ${SWEEP_LIMIT}`,
      [boundMs],
    );
    for (const row of rows) {
      const written = findWrite ? (await findWrite(writeKeyOf(row.user_id, row.key))) !== null : false;
      if (written) await settleCommitted(row.user_id, row.key, row.attempt);
      else await release(row.user_id, row.key, row.attempt);
    }
    return rows.length;
  }

  let timer: NodeJS.Timeout | null = null;
  return {
    sweep,
    start() {
      if (timer) return;
      timer = setInterval(() => {
        sweep().catch((error: unknown) => logger.warn({ err: error }, 'idempotency sweep failed'));
      }, Math.max(boundMs / 2, 100));
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
