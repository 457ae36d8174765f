import { dispatchCommands } from '@dispo/command-service/dispatch/dispatch-commands';
import { messages } from '@dispo/domain/messages';
import { startSmtpPeer, type SmtpPeer } from '@dispo/projection-service/mail/testing';
import { pdfToText } from '@dispo/projection-service/pdf/testing';
import type { OutboxMail } from '@dispo/projection-service/queries/tour-plan-routes';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoOrderBody } from './testing/demo-order';
import { createTestApp, type TestApp } from './testing/test-app';

// Days no other suite uses.
const DAY = '2027-06-14';
const OTHER_DAY = '2027-06-15';
const DOWN_DAY = '2027-06-16';

type Response = Awaited<ReturnType<TestApp['app']['inject']>>;
type Call = (method: 'GET' | 'POST', url: string, payload?: unknown, user?: string) => Promise<Response>;

function caller(t: TestApp, tokens: Record<string, string>): Call {
  return (method, url, payload, user = 'dispo') =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${tokens[user]}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

async function json<T>(res: Response, status = 200): Promise<T> {
  expect(res.statusCode, res.body.slice(0, 400)).toBe(status);
  return res.json() as T;
}

async function login(t: TestApp, users: string[]): Promise<Record<string, string>> {
  const tokens: Record<string, string> = {};
  for (const user of users) tokens[user] = await t.login(user);
  return tokens;
}

async function outbox(call: Call): Promise<{ sending: boolean; mails: OutboxMail[] }> {
  return json(await call('GET', '/api/mail/outbox', undefined, 'admin'));
}

/** Polls the outbox until the mail has left `requested`. */
async function settled(call: Call, mailId: string, timeoutMs = 10_000): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await outbox(call)).mails.find((m) => m.mailId === mailId);
    if (mail && mail.status !== 'requested') return mail;
    if (Date.now() > deadline) throw new Error(`mail ${mailId} still ${mail?.status ?? 'missing'}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const pdfOf = (mail: ParsedMail) => mail.attachments.find((a) => a.contentType === 'application/pdf');

describe('tour-plan mail through a real SMTP peer', () => {
  let peer: SmtpPeer;
  let t: TestApp;
  let call: Call;
  const plan = { tours: [] as { tourId: string; tourNumber: string; plate: string }[], orders: [] as string[] };

  beforeAll(async () => {
    peer = await startSmtpPeer({
      rcpt: (address, attempt) => {
        if (address.startsWith('unbekannt@')) return 550;
        if (address.startsWith('spaeter@') && attempt === 1) return 451;
        return undefined;
      },
    });
    t = await createTestApp({
      mail: { smtpUrl: peer.url, from: 'tourenplan@dispo.example', schedule: false, pollIntervalMs: 200, retry: { firstDelayMs: 50 } },
    });
    call = caller(t, await login(t, ['dispo', 'fuhrpark', 'admin']));

    const vehicle = async (plate: string) =>
      (
        await json<{ vehicle: { id: string } }>(
          await call(
            'POST',
            '/api/vehicles',
            { license_plate: plate, vehicle_type: 'sattelzug', make_model: 'MAN TGX', payload_kg: 27000, enabled_for_dispatch: true },
            'fuhrpark',
          ),
          201,
        )
      ).vehicle.id;
    const order = async (notes: string) =>
      (
        await json<{ order: { id: string; orderNumber: string } }>(
          await call('POST', '/api/orders', demoOrderBody({ delivery_date: DAY, notes })),
          201,
        )
      ).order;
    const assign = async (orderId: string, vehicleId: string, time: string) =>
      json<{ tourId: string; tour: { tourNumber: string } }>(
        await call('POST', '/api/disposition/assign', { orderId, vehicleId, scheduledTime: `${DAY}T${time}` }),
        201,
      );

    // SE-TP 20 is created first and starts first, yet SE-TP 3 comes first on the plan.
    const late = await vehicle('SE-TP 20');
    const early = await vehicle('SE-TP 3');
    const a = await order('Zufahrt über Süderstraße');
    const b = await order('Anmeldung beim Pförtner');
    const c = await order('Kipper, keine Überbreite');
    const first = await assign(a.id, late, '06:00');
    const second = await assign(b.id, early, '08:00');
    await assign(c.id, early, '08:00');
    plan.tours = [
      { tourId: second.tourId, tourNumber: second.tour.tourNumber, plate: 'SE-TP 3' },
      { tourId: first.tourId, tourNumber: first.tour.tourNumber, plate: 'SE-TP 20' },
    ];
    plan.orders = [b.orderNumber, c.orderNumber, a.orderNumber];
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  it('mails the tour plan PDF once, with the tours by plate and their orders, and the outbox shows it sent', async () => {
    const res = await json<{ tourPlanSent: boolean; recipients: string[] }>(
      await call('POST', '/api/disposition/send-tour-plan', { targetDate: DAY, recipients: ['disposition@kunde.example'] }),
    );
    // The request does not wait for the SMTP server: it says the mail goes out in the background.
    expect(res).toMatchObject({
      tourPlanSent: false,
      tourPlanQueued: true,
      tourPlanDelivery: 'queued',
      tourPlanMessage: messages.mailDelivery.tourPlanQueued,
      recipients: ['disposition@kunde.example'],
    });
    const [mail] = await peer.waitFor(1);
    expect(mail!.from?.text).toBe('tourenplan@dispo.example');
    expect(mail!.to && !Array.isArray(mail!.to) ? mail!.to.text : '').toBe('disposition@kunde.example');
    expect(mail!.subject).toBe('Tourenplan für 14.06.2027');
    expect(mail!.text).toContain('Tourenplan für Montag, 14. Juni 2027 (2 Touren)');

    const attachment = pdfOf(mail!);
    expect(attachment?.filename).toBe(`Tourenplan_${DAY}.pdf`);
    const text = (await pdfToText(attachment!.content)).replace(/\s+/g, ' ');
    expect(text).toContain('Tourenplan für Montag, 14. Juni 2027');
    const headings = plan.tours.map((tour) => text.indexOf(`Tour ${tour.tourNumber} – ${tour.plate}`));
    expect(
      headings.every((i) => i >= 0),
      text,
    ).toBe(true);
    expect(headings[0]).toBeLessThan(headings[1]!);
    const [b, c, a] = plan.orders as [string, string, string];
    expect(text).toContain(`1 08:00 Uhr ${b}`);
    expect(text).toContain(`2 08:30 Uhr ${c}`);
    expect(text).toContain(`1 06:00 Uhr ${a}`);
    for (const expected of [
      'Zementwerk Lägerdorf',
      'Silo 1',
      'Betonwerk Kiel',
      'CEM I 42,5 R',
      '27 Tonnen',
      'Anmeldung beim Pförtner',
      'Kipper, keine Überbreite',
      '81 t',
    ]) {
      expect(text, expected).toContain(expected);
    }

    const { sending, mails } = await outbox(call);
    expect(sending).toBe(true);
    const entry = mails.find((m) => m.date === DAY && m.trigger === 'manual');
    expect(entry).toMatchObject({ status: 'sent', recipients: ['disposition@kunde.example'], tourCount: 2, error: null });
    expect(entry?.messageId).toBe(mail!.messageId);

    // Polling goes on: still exactly one mail.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(peer.received).toHaveLength(1);
  });

  it('records a refused mail as failed with the SMTP answer, without retrying a permanent refusal', async () => {
    const before = peer.received.length;
    const res = await json<{ tourPlanSent: boolean; tourPlanQueued: boolean }>(
      await call('POST', '/api/disposition/send-tour-plan', { targetDate: DAY, recipients: ['unbekannt@kunde.example'] }),
    );
    expect(res).toMatchObject({ tourPlanSent: false, tourPlanQueued: true });
    const queued = (await outbox(call)).mails.find((m) => m.recipients.includes('unbekannt@kunde.example'));
    const entry = await settled(call, queued!.mailId);
    expect(entry.status).toBe('failed');
    expect(entry.retrying).toBe(false);
    expect(entry?.error).toMatch(/550/);
    expect(entry?.error).toContain('unbekannt@kunde.example');
    expect(peer.recipientsAsked.filter((a) => a === 'unbekannt@kunde.example')).toHaveLength(1);
    expect(peer.received).toHaveLength(before);
  });

  it('tries a passing refusal (451) again and then sends', async () => {
    const before = peer.received.length;
    await json(await call('POST', '/api/disposition/send-tour-plan', { targetDate: DAY, recipients: ['spaeter@kunde.example'] }));
    await peer.waitFor(before + 1);
    expect(peer.recipientsAsked.filter((a) => a === 'spaeter@kunde.example')).toHaveLength(2);
    const entry = (await outbox(call)).mails.find((m) => m.recipients.includes('spaeter@kunde.example'));
    expect((await settled(call, entry!.mailId)).status).toBe('sent');
  });

  it('sends each mail once when two service instances work one database', async () => {
    const second = await createTestApp({
      sql: t.infra.sql,
      seed: false,
      mail: { smtpUrl: peer.url, schedule: false, pollIntervalMs: 50, retry: { firstDelayMs: 50 } },
    });
    try {
      const before = peer.received.length;
      const dispatch = dispatchCommands({ store: t.infra.store, registry: t.infra.registry });
      const mailIds: string[] = [];
      for (let i = 0; i < 4; i++) {
        const { mailId } = await dispatch.requestTourPlanMail(OTHER_DAY, [`parallel${i}@kunde.example`], 'manual', {
          userId: null,
          commandName: 'Test',
        });
        mailIds.push(mailId!);
      }
      for (const mailId of mailIds) expect((await settled(call, mailId)).status).toBe('sent');
      await new Promise((resolve) => setTimeout(resolve, 500));
      const recipients = peer.received.slice(before).map((m) => (m.to && !Array.isArray(m.to) ? m.to.text : ''));
      expect(recipients.sort()).toEqual(mailIds.map((_, i) => `parallel${i}@kunde.example`));
      // The empty day is mailed too, with its empty state.
      const text = await pdfToText(pdfOf(peer.received[before]!)!.content);
      expect(text).toContain(messages.tourPlan.empty);
    } finally {
      await second.close();
    }
  });
});

describe('tour-plan mails without SMTP_URL', () => {
  let t: TestApp;
  let call: Call;

  beforeAll(async () => {
    t = await createTestApp({ mail: { schedule: false } });
    call = caller(t, await login(t, ['dispo', 'admin', 'audit']));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps requested mails in the outbox, which admins see and dispatchers do not', async () => {
    const dispatch = dispatchCommands({ store: t.infra.store, registry: t.infra.registry });
    const { mailId, position } = await dispatch.requestTourPlanMail(DAY, ['disposition@kunde.example'], 'manual', {
      userId: null,
      commandName: 'Test',
    });
    await t.services.runner.waitFor(position);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const { sending, mails } = await outbox(call);
    expect(sending).toBe(false);
    expect(mails).toEqual([
      expect.objectContaining({
        mailId,
        date: DAY,
        trigger: 'manual',
        status: 'requested',
        recipients: ['disposition@kunde.example'],
        sentAt: null,
      }),
    ]);
    expect((await call('GET', '/api/mail/outbox')).statusCode).toBe(403);
    expect((await call('GET', '/api/mail/outbox', undefined, 'audit')).statusCode).toBe(403);
    expect((await call('GET', `/api/mail/outbox/${mailId}/pdf`)).statusCode).toBe(403);

    const pdf = await call('GET', `/api/mail/outbox/${mailId}/pdf`, undefined, 'admin');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="Tourenplan_${DAY}.pdf"`);
    expect(await pdfToText(pdf.rawPayload)).toContain(messages.tourPlan.empty);
    const missing = await call('GET', '/api/mail/outbox/gibt-es-nicht/pdf', undefined, 'admin');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: messages.tourPlan.mailNotFound });
  });

  it('answers a manual send at once as queued, without waiting for a worker that is not there', async () => {
    const startedAt = Date.now();
    const res = await call('POST', '/api/disposition/send-tour-plan', { targetDate: OTHER_DAY, recipients: ['lager@kunde.example'] });
    expect(await json(res)).toMatchObject({
      success: true,
      tourPlanSent: false,
      tourPlanQueued: true,
      tourPlanDelivery: 'no_server',
      tourPlanMessage: messages.dispatchInsights.tourPlanQueued,
    });
    expect(messages.dispatchInsights.tourPlanQueued).toContain('kein Mailserver eingerichtet');
    expect(Date.now() - startedAt).toBeLessThan(4000);
    const { mails } = await outbox(call);
    expect(mails.find((mail) => mail.date === OTHER_DAY)).toMatchObject({ status: 'requested', recipients: ['lager@kunde.example'] });
  });

  it('serves the tour plan PDF of a day to every reader, and refuses a date that does not exist', async () => {
    for (const user of ['dispo', 'audit']) {
      const res = await call('GET', `/api/disposition/tour-plan/${DAY}`, undefined, user);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="Tourenplan_${DAY}.pdf"`);
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
    expect((await call('GET', '/api/disposition/tour-plan/2027-02-30')).statusCode).toBe(400);
    expect((await call('GET', '/api/disposition/tour-plan/morgen')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/disposition/tour-plan/${DAY}` })).statusCode).toBe(401);
  });
});

/** A port where nothing listens (a peer was there a moment ago): the SMTP server is down. */
async function downPort(): Promise<number> {
  const peer = await startSmtpPeer();
  await peer.close();
  return Number(new URL(peer.url).port);
}

async function waitForOutbox(call: Call, mailId: string, ok: (mail: OutboxMail) => boolean, timeoutMs = 15_000): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await outbox(call)).mails.find((m) => m.mailId === mailId);
    if (mail && ok(mail)) return mail;
    if (Date.now() > deadline) throw new Error(`mail ${mailId}: ${JSON.stringify(mail)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

type Queued = { tourPlanSent: boolean; tourPlanQueued: boolean; tourPlanDelivery: string; tourPlanMessage: string };

describe('tour-plan mails while the SMTP server is down', () => {
  let port: number;
  let peer: SmtpPeer | undefined;
  let t: TestApp;
  let call: Call;

  beforeAll(async () => {
    port = await downPort();
    t = await createTestApp({
      mail: { smtpUrl: `smtp://127.0.0.1:${port}`, schedule: false, pollIntervalMs: 200, retry: { firstDelayMs: 300, maxDelayMs: 600, maxAttempts: 200 } },
    });
    call = caller(t, await login(t, ['dispo', 'fuhrpark', 'admin']));
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  it('completes the day at once saying the mail will be retried, retries until the server answers, then sends it once and the outbox says sent', async () => {
    const vehicle = await json<{ vehicle: { id: string } }>(
      await call(
        'POST',
        '/api/vehicles',
        { license_plate: 'SE-TP 77', vehicle_type: 'sattelzug', make_model: 'MAN TGX', payload_kg: 27000, enabled_for_dispatch: true },
        'fuhrpark',
      ),
      201,
    );
    const order = await json<{ order: { id: string } }>(await call('POST', '/api/orders', demoOrderBody({ delivery_date: DOWN_DAY })), 201);
    await json(await call('POST', '/api/disposition/assign', { orderId: order.order.id, vehicleId: vehicle.vehicle.id, scheduledTime: `${DOWN_DAY}T07:00` }), 201);

    let startedAt = Date.now();
    const done = await json<Queued & { message: string }>(await call('POST', '/api/disposition/complete', { targetDate: DOWN_DAY, sendTourPlan: true }));
    expect(Date.now() - startedAt).toBeLessThan(1000);
    expect(done).toMatchObject({
      message: messages.dispatch.success.completed,
      tourPlanSent: false,
      tourPlanQueued: true,
      tourPlanDelivery: 'queued',
      tourPlanMessage: messages.mailDelivery.tourPlanQueued,
    });
    expect(done.tourPlanMessage).toContain('automatisch wiederholt');
    expect(done).not.toHaveProperty('tourPlanError');
    const completion = (await outbox(call)).mails.find((m) => m.date === DOWN_DAY && m.trigger === 'completion')!;

    // The outbox shows it waiting for its next attempt, with why the last one failed.
    const retrying = await waitForOutbox(call, completion.mailId, (m) => m.attempts >= 1);
    expect(retrying).toMatchObject({ status: 'requested', retrying: true, error: null });
    expect(retrying.lastError).toMatch(/ECONNREFUSED|connect/i);

    // Known unreachable now: the next request says so plainly, again at once.
    startedAt = Date.now();
    const again = await json<Queued>(await call('POST', '/api/disposition/send-tour-plan', { targetDate: DOWN_DAY, recipients: ['lager@kunde.example'] }));
    expect(Date.now() - startedAt).toBeLessThan(1000);
    expect(again).toMatchObject({ tourPlanQueued: true, tourPlanDelivery: 'retrying', tourPlanMessage: messages.mailDelivery.tourPlanRetrying });
    expect(again.tourPlanMessage).toContain('Mailserver nicht erreichbar, wird erneut versucht');
    const manual = (await outbox(call)).mails.find((m) => m.date === DOWN_DAY && m.trigger === 'manual')!;
    await waitForOutbox(call, completion.mailId, (m) => m.attempts >= 2);

    // The server comes back on its port: each mail arrives once, and the outbox says sent.
    peer = await startSmtpPeer({ port });
    const sent = await waitForOutbox(call, completion.mailId, (m) => m.status === 'sent');
    expect(sent).toMatchObject({ retrying: false, lastError: null, nextAttemptAt: null, error: null, tourCount: 1 });
    expect((await waitForOutbox(call, manual.mailId, (m) => m.status === 'sent')).recipients).toEqual(['lager@kunde.example']);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const to = peer.received.map((m) => (m.to && !Array.isArray(m.to) ? m.to.text : ''));
    expect(to.filter((a) => a === 'lager@kunde.example')).toHaveLength(1);
    expect(peer.received).toHaveLength(2);
    expect(peer.received.every((m) => m.subject === 'Tourenplan für 16.06.2027')).toBe(true);
  });
});

describe('tour-plan mails when the SMTP server never comes back', () => {
  let t: TestApp;
  let call: Call;

  beforeAll(async () => {
    const port = await downPort();
    t = await createTestApp({
      mail: { smtpUrl: `smtp://127.0.0.1:${port}`, schedule: false, pollIntervalMs: 200, retry: { firstDelayMs: 100, maxAttempts: 3 } },
    });
    call = caller(t, await login(t, ['dispo', 'admin']));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives up after the last attempt: failed in the admins\' outbox with a German reason', async () => {
    await json(await call('POST', '/api/disposition/send-tour-plan', { targetDate: OTHER_DAY, recipients: ['lager@kunde.example'] }));
    const queued = (await outbox(call)).mails.find((m) => m.date === OTHER_DAY)!;
    const failed = await waitForOutbox(call, queued.mailId, (m) => m.status === 'failed');
    expect(failed).toMatchObject({ retrying: false, attempts: 3 });
    expect(failed.error).toMatch(/^Nach 3 Versuchen aufgegeben, der Mailserver war nicht erreichbar: .*(ECONNREFUSED|connect)/i);
    expect((await outbox(call)).mails.filter((m) => m.status === 'failed')).toHaveLength(1);
  });
});
