import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '@dispo/events/envelope';
import { createTestSql, type TestSql } from '@dispo/events/testing/test-database';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pdfToText } from '../pdf/testing';
import { mailOutboxProjection } from '../projections/mail-outbox';
import { ordersProjection } from '../projections/orders';
import { referenceDataProjection } from '../projections/reference-data';
import { toursProjection } from '../projections/tours';
import { vehiclesProjection } from '../projections/vehicles';
import { claimNextMail, createMailWorker, type MailOutcome } from './mail-worker';
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
      createMailWorker({ sql: db.sql, transport: createMailTransport(peer.url), recordOutcome, retryDelayMs: 10 }),
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
    const worker = createMailWorker({ sql: db.sql, transport: createMailTransport(peer.url), recordOutcome, retryDelayMs: 10 });
    await worker.drain();
    expect(await status(id)).toMatchObject({ status: 'failed', error: expect.stringMatching(/550.*abgelehnt@kunde\.example/) });
    expect(peer.recipientsAsked.filter((a) => a === 'abgelehnt@kunde.example')).toHaveLength(1);
    await worker.stop();
  });

  it('retries an unreachable server a few times, then records failed with the reason', async () => {
    // A port that was just free: nothing listens there.
    const closed = await startSmtpPeer();
    const url = closed.url;
    await closed.close();
    const id = await request(['a@kunde.example']);
    const attempts: number[] = [];
    const worker = createMailWorker({
      sql: db.sql,
      transport: createMailTransport(url),
      recordOutcome,
      retries: 2,
      retryDelayMs: 10,
      logger: {
        info: () => {},
        error: () => {},
        warn: (o: unknown) => attempts.push((o as { attemptNumber?: number }).attemptNumber ?? 0),
      },
    });
    await worker.drain();
    expect(attempts.filter(Boolean)).toEqual([1, 2, 3]);
    expect(await status(id)).toMatchObject({ status: 'failed', error: expect.stringMatching(/ECONNREFUSED|connect/i) });
    await worker.stop();
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
