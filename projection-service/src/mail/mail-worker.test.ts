import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '@dispo/events/envelope';
import { createTestSql, type TestSql } from '@dispo/events/testing/test-database';
import { messages } from '@dispo/domain/messages';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pdfToText } from '../pdf/testing';
import { mailOutboxProjection } from '../projections/mail-outbox';
import { ordersProjection } from '../projections/orders';
import { referenceDataProjection } from '../projections/reference-data';
import { toursProjection } from '../projections/tours';
import { vehiclesProjection } from '../projections/vehicles';
import { claimNextMail, createMailWorker, type MailOutcome } from './mail-worker';
import { DEFAULT_MAIL_RETRY, nextAttemptDelayMs } from './retry-schedule';
import { type SmtpPeer, startSmtpPeer } from './testing';
import { createMailTransport, isTransientMailError } from './transport';

const DATE = '2026-11-24';
let position = 0;

/** An event as the runner hands it to the projection. */
function recorded(type: string, data: Record<string, unknown>): RecordedEvent {
  position++;
  return {
    eventId: randomUUID(),
    type,
    schemaVersion: 1,
    data,
    metadata: { userId: null, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString(), commandName: 'Test' },
    streamId: `dispo-day-${String(data.date)}`,
    streamVersion: position,
    position: { epoch: 0, transactionId: position, globalPosition: position },
    recordedAt: new Date().toISOString(),
  } as RecordedEvent;
}

describe('mail worker (read.mail_outbox → SMTP)', () => {
  let db: TestSql;
  let peer: SmtpPeer;
  const outcomes: { mailId: string; outcome: MailOutcome }[] = [];

  /** What runtime wires: the command records the outcome, the projection applies the event. */
  async function recordOutcome(date: string, mailId: string, outcome: MailOutcome): Promise<void> {
    outcomes.push({ mailId, outcome });
    const at = new Date().toISOString();
    const event = outcome.sent
      ? recorded('TourPlanMailSent', { mailId, date, messageId: outcome.messageId, tourCount: outcome.tourCount, sentAt: at })
      : recorded('TourPlanMailFailed', { mailId, date, error: outcome.error, failedAt: at });
    await db.sql.transaction((tx) => mailOutboxProjection.apply(tx, event));
  }

  async function request(recipients: string[], date = DATE): Promise<string> {
    const mailId = randomUUID();
    const event = recorded('TourPlanMailRequested', {
      mailId,
      date,
      recipients,
      trigger: 'manual',
      requestedBy: null,
      requestedAt: new Date().toISOString(),
    });
    await db.sql.transaction((tx) => mailOutboxProjection.apply(tx, event));
    return mailId;
  }

  async function status(mailId: string) {
    const { rows } = await db.sql.query<{ status: string; error: string | null; message_id: string | null }>(
      'SELECT status, error, message_id FROM read.mail_outbox WHERE mail_id = $1',
      [mailId],
    );
    return rows[0];
  }

  beforeAll(async () => {
    db = await createTestSql();
    await db.sql.query('CREATE SCHEMA IF NOT EXISTS read');
    for (const p of [referenceDataProjection, vehiclesProjection, ordersProjection, toursProjection, mailOutboxProjection])
      await p.setup(db.sql);
    peer = await startSmtpPeer({ rcpt: (address) => (address.startsWith('abgelehnt@') ? 550 : undefined) });
  });
  afterAll(async () => {
    await peer?.close();
    await db?.dispose();
  });
  beforeEach(async () => {
    await db.sql.query('TRUNCATE read.mail_outbox');
    outcomes.length = 0;
    peer.received.length = 0;
  });

  it('leases a requested mail to one worker until the lease ends', async () => {
    const first = await request(['a@kunde.example']);
    const second = await request(['b@kunde.example']);
    expect((await claimNextMail(db.sql, 'w1', 60_000))?.mailId).toBe(first);
    expect((await claimNextMail(db.sql, 'w2', 60_000))?.mailId).toBe(second);
    expect(await claimNextMail(db.sql, 'w3', 60_000)).toBeNull();
    // A lease that ran out (its worker died) goes to the next worker.
    await db.sql.query("UPDATE read.mail_outbox SET claimed_until = now() - interval '1 second' WHERE mail_id = $1", [first]);
    expect(await claimNextMail(db.sql, 'w3', 60_000)).toMatchObject({
      mailId: first,
      date: DATE,
      trigger: 'manual',
      recipients: ['a@kunde.example'],
    });
  });

  it('two workers draining at once send every mail exactly once', async () => {
    const recipients = Array.from({ length: 6 }, (_, i) => `empfaenger${i}@kunde.example`);
    const ids = [];
    for (const r of recipients) ids.push(await request([r]));
    const workers = [1, 2].map(() =>
      createMailWorker({ sql: db.sql, transport: createMailTransport(peer.url), recordOutcome, retry: { firstDelayMs: 10 } }),
    );
    const handled = await Promise.all(workers.map((w) => w.drain()));
    expect(handled[0]! + handled[1]!).toBe(6);
    // Both took part: while one talks to the SMTP server, the other claims the next mail.
    expect(handled.every((n) => n > 0)).toBe(true);
    expect(peer.received.map((m) => (m.to && !Array.isArray(m.to) ? m.to.text : '')).sort()).toEqual([...recipients].sort());
    expect(outcomes.map((o) => o.mailId).sort()).toEqual([...ids].sort());
    for (const id of ids) expect((await status(id))?.status).toBe('sent');
    // The default sender and the attachment of an empty day.
    expect(peer.received[0]?.from?.text).toBe('disposition@dispo.example');
    const pdf = peer.received[0]?.attachments[0];
    expect(pdf?.filename).toBe(`Tourenplan_${DATE}.pdf`);
    expect(await pdfToText(pdf!.content)).toContain('Keine Touren geplant.');
    for (const w of workers) await w.stop();
  });

  it('records a permanent refusal as failed at once', async () => {
    const id = await request(['abgelehnt@kunde.example']);
    const worker = createMailWorker({ sql: db.sql, transport: createMailTransport(peer.url), recordOutcome, retry: { firstDelayMs: 10 } });
    await worker.drain();
    expect(await status(id)).toMatchObject({ status: 'failed', error: expect.stringMatching(/550.*abgelehnt@kunde\.example/) });
    expect(peer.recipientsAsked.filter((a) => a === 'abgelehnt@kunde.example')).toHaveLength(1);
    await worker.stop();
  });

  it('gives a mail whose server does not answer back with its next attempt, tries it again on schedule, and after the last attempt records failed with a German reason and an error line', async () => {
    // A port that was just free: nothing listens there.
    const closed = await startSmtpPeer();
    const url = closed.url;
    await closed.close();
    const id = await request(['a@kunde.example']);
    const warnings: unknown[] = [];
    const errors: string[] = [];
    const worker = createMailWorker({
      sql: db.sql,
      transport: createMailTransport(url),
      recordOutcome,
      pollIntervalMs: 60_000,
      retry: { firstDelayMs: 400, maxAttempts: 3 },
      logger: { info: () => {}, warn: (o: unknown) => warnings.push(o), error: (_o: unknown, message?: string) => errors.push(message ?? '') },
    });
    expect(await worker.drain()).toBe(1);
    // One attempt, then the mail waits unheld for its next one: no worker sits on it meanwhile.
    const { rows } = await db.sql.query<{ status: string; attempts: number; last_error: string; claimed_by: string | null; due: boolean }>(
      'SELECT status, attempts, last_error, claimed_by, claimed_until > clock_timestamp() AS due FROM read.mail_outbox WHERE mail_id = $1',
      [id],
    );
    expect(rows[0]).toMatchObject({ status: 'requested', attempts: 1, claimed_by: null, due: true, last_error: expect.stringMatching(/ECONNREFUSED|connect/i) });
    expect(await claimNextMail(db.sql, 'w2', 60_000)).toBeNull();
    expect(outcomes).toEqual([]);

    // Started, the worker wakes for each due attempt although its poll is a minute away.
    await worker.start();
    const deadline = Date.now() + 10_000;
    while ((await status(id))?.status === 'requested' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const failed = await status(id);
    expect(failed?.status).toBe('failed');
    expect(failed?.error).toMatch(/^Nach 3 Versuchen aufgegeben, der Mailserver war nicht erreichbar: .*(ECONNREFUSED|connect)/i);
    expect(failed?.error?.startsWith(messages.mailDelivery.gaveUp(3, ''))).toBe(true);
    expect(warnings).toHaveLength(2);
    expect(errors).toEqual(['Tourenplan-E-Mail konnte nicht versendet werden']);
    expect(outcomes).toHaveLength(1);
    await worker.stop();
  });

  it('spaces attempts by a doubling pause up to its bound and stops after the last attempt or the longest wait', () => {
    const schedule = { firstDelayMs: 1000, maxDelayMs: 5000, maxAttempts: 5, maxAgeMs: 60_000 };
    expect([1, 2, 3, 4].map((n) => nextAttemptDelayMs(schedule, n, 0))).toEqual([1000, 2000, 4000, 5000]);
    expect(nextAttemptDelayMs(schedule, 5, 0)).toBeNull();
    expect(nextAttemptDelayMs(schedule, 2, 58_500)).toBeNull();
    // The default gives a server hours to come back, and then gives up.
    let total = 0;
    for (let n = 1; ; n++) {
      const delay = nextAttemptDelayMs(DEFAULT_MAIL_RETRY, n, total);
      if (delay === null) break;
      total += delay;
    }
    expect(total / 3_600_000).toBeGreaterThan(2);
    expect(total).toBeLessThanOrEqual(DEFAULT_MAIL_RETRY.maxAgeMs);
  });

  it('tells passing from permanent SMTP failures', () => {
    const smtp = (responseCode: number, permanent?: boolean) => Object.assign(new Error('x'), { responseCode, permanent });
    expect(isTransientMailError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' }))).toBe(true);
    expect(isTransientMailError(smtp(451))).toBe(true);
    expect(isTransientMailError(smtp(421, false))).toBe(true);
    expect(isTransientMailError(smtp(550))).toBe(false);
    expect(isTransientMailError(smtp(550, true))).toBe(false);
    expect(isTransientMailError(Object.assign(new Error('bad url'), { code: 'ECONFIG' }))).toBe(false);
  });
});
