import { messages } from '@dispo/domain/messages';
import { startSmtpPeer, type SmtpPeer } from '@dispo/projection-service/mail/testing';
import { pdfToText } from '@dispo/projection-service/pdf/testing';
import type { OutboxMail } from '@dispo/projection-service/queries/tour-plan-routes';
import type { AddressObject } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoOrderBody } from './testing/demo-order';
import { createTestApp, type TestApp } from './testing/test-app';

// Days no other suite uses.
const DAY = '2027-07-12';
const LATER = '2027-07-13';
const COPY = 'auftraege@dispo.example';

type Response = Awaited<ReturnType<TestApp['app']['inject']>>;

function caller(t: TestApp, tokens: Record<string, string>) {
  return (method: 'GET' | 'POST', url: string, payload?: unknown, user = 'dispo'): Promise<Response> =>
    t.app.inject({
      method,
      url,
      headers: tokens[user] ? { authorization: `Bearer ${tokens[user]}` } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}
type Call = ReturnType<typeof caller>;

async function json<T>(res: Response, status = 200): Promise<T> {
  expect(res.statusCode, res.body.slice(0, 400)).toBe(status);
  return res.json() as T;
}

async function setUp(t: TestApp) {
  const tokens: Record<string, string> = {};
  for (const user of ['dispo', 'auftrag', 'abrechnung', 'fuhrpark', 'audit', 'admin']) tokens[user] = await t.login(user);
  const call = caller(t, tokens);
  const order = async (body: Record<string, unknown>) =>
    (await json<{ order: { id: string; orderNumber: string } }>(await call('POST', '/api/orders', demoOrderBody(body)), 201)).order;
  return { call, order };
}

type Sent = { success: boolean; mailId: string; status: string; sending: boolean };
type MailState = { status: string; error: string | null; attachmentCount: number | null };

/** Polls the mail's state until it has left `requested`. */
async function settled(call: Call, mailId: string, timeoutMs = 10_000): Promise<MailState> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await json<MailState>(await call('GET', `/api/orders/emails/${mailId}`));
    if (state.status !== 'requested') return state;
    if (Date.now() > deadline) throw new Error(`mail ${mailId} still requested`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) => a.value.map((v) => v.address));

describe('order mails through a real SMTP peer (orders.md §2.10)', () => {
  let peer: SmtpPeer;
  let t: TestApp;
  let call: Call;
  let a: { id: string; orderNumber: string };
  let b: { id: string; orderNumber: string };

  beforeAll(async () => {
    peer = await startSmtpPeer({ rcpt: (address) => (address.startsWith('unbekannt@') ? 550 : undefined) });
    t = await createTestApp({
      mail: {
        smtpUrl: peer.url,
        from: 'disposition@dispo.example',
        orderMailCopy: COPY,
        schedule: false,
        pollIntervalMs: 200,
        retry: { firstDelayMs: 50 },
      },
    });
    const s = await setUp(t);
    call = s.call;
    a = await s.order({ delivery_date: DAY, delivery_time_type: 'fixed', delivery_time_fixed: '07:30', quantity: 27 });
    b = await s.order({
      delivery_date: LATER,
      delivery_time_type: 'range',
      delivery_time_from: '09:00',
      delivery_time_to: '12:00',
      quantity: 12.5,
    });
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  it('drafts a German mail naming each order’s number, date, time, route, material and quantity', async () => {
    const draft = await json<{ subject: string; message: string; copyAddress: string; orders: { orderNumber: string }[] }>(
      await call('GET', `/api/orders/email-preview?order_ids=${a.id},${b.id}`),
    );
    expect(draft.subject).toBe(messages.orderMail.draftSubject(`${a.orderNumber}, ${b.orderNumber}`));
    expect(draft.copyAddress).toBe(COPY);
    expect(draft.orders.map((o) => o.orderNumber)).toEqual([a.orderNumber, b.orderNumber]);
    expect(draft.message).toContain(messages.orderMail.draftIntro(2));
    expect(draft.message).toContain(
      `- ${a.orderNumber}: 12.07.2027, 07:30 Uhr, Zementwerk Lägerdorf → Betonwerk Kiel, CEM I 42,5 R, 27 Tonnen`,
    );
    expect(draft.message).toContain(
      `- ${b.orderNumber}: 13.07.2027, 09:00 – 12:00 Uhr, Zementwerk Lägerdorf → Betonwerk Kiel, CEM I 42,5 R, 12,5 Tonnen`,
    );
    // Signed by the user who asks.
    expect(draft.message).toContain('Frank Berger');
  });

  it('answers the preview’s errors in German', async () => {
    const none = await call('GET', '/api/orders/email-preview?order_ids=gibt-es-nicht');
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toBe(messages.validation.selection.noValidForEmail);
    const empty = await call('GET', '/api/orders/email-preview?order_ids=');
    expect(empty.statusCode).toBe(400);
    expect((await call('GET', `/api/orders/email-preview?order_ids=${a.id}`, undefined, 'nobody')).statusCode).toBe(401);
  });

  it('queues the mail, answers at once, and sends both PDFs with the fixed copy address in CC', async () => {
    const res = await json<Sent>(
      await call('POST', '/api/orders/send-email', {
        order_ids: [a.id, b.id],
        recipient_email: 'bau@kunde.example',
        cc_emails: 'lager@kunde.example, ',
        subject: 'Ihre Transportaufträge',
        message: 'Guten Tag,\nanbei die Aufträge.',
      }),
      202,
    );
    // Answered at once: the outbox sends in the background (no request waits for the SMTP server).
    expect(res).toMatchObject({ success: true, status: 'requested', sending: true, delivery: 'queued' });
    expect(await settled(call, res.mailId)).toMatchObject({ status: 'sent', retrying: false, error: null, attachmentCount: 2 });

    const mail = peer.received.find((m) => m.subject === 'Ihre Transportaufträge')!;
    expect(addresses(mail.to)).toEqual(['bau@kunde.example']);
    expect(addresses(mail.cc)).toEqual(['lager@kunde.example', COPY]);
    expect(mail.text).toContain('anbei die Aufträge.');
    const pdfs = mail.attachments.filter((x) => x.contentType === 'application/pdf');
    expect(pdfs.map((p) => p.filename)).toEqual([`Auftrag_${a.orderNumber}.pdf`, `Auftrag_${b.orderNumber}.pdf`]);
    const texts = await Promise.all(pdfs.map(async (p) => (await pdfToText(p.content)).replace(/\s+/g, ' ')));
    expect(texts[0]).toContain(a.orderNumber);
    expect(texts[0]).toContain('12.07.2027');
    expect(texts[1]).toContain(b.orderNumber);
    expect(texts[1]).toContain('12,5 Tonnen');

    // The admins' outbox shows it as an order mail.
    const outbox = await json<{ mails: OutboxMail[] }>(await call('GET', '/api/mail/outbox', undefined, 'admin'));
    expect(outbox.mails.find((m) => m.mailId === res.mailId)).toMatchObject({
      kind: 'order_mail',
      trigger: 'order_mail',
      status: 'sent',
      recipients: ['bau@kunde.example'],
      cc: ['lager@kunde.example', COPY],
      subject: 'Ihre Transportaufträge',
      orderCount: 2,
    });
  });

  it('sends without attachments when asked', async () => {
    const res = await json<Sent>(
      await call(
        'POST',
        '/api/orders/send-email',
        { order_ids: [a.id], recipient_email: 'bau@kunde.example', subject: 'Ohne Anhang', message: 'Text', include_attachments: false },
        'auftrag',
      ),
      202,
    );
    // Another user's mail is none of this user's business.
    expect((await call('GET', `/api/orders/emails/${res.mailId}`)).statusCode).toBe(404);
    const state = await json<MailState>(await call('GET', `/api/orders/emails/${res.mailId}`, undefined, 'auftrag'));
    expect(['requested', 'sent']).toContain(state.status);
    await peer.waitFor(2);
    const mail = peer.received.find((m) => m.subject === 'Ohne Anhang')!;
    expect(mail.attachments).toHaveLength(0);
    expect(addresses(mail.cc)).toEqual([COPY]);
  }, 20_000);

  it('records a refused recipient as failed with the server’s answer', async () => {
    const res = await json<Sent>(
      await call('POST', '/api/orders/send-email', {
        order_ids: [a.id],
        recipient_email: 'unbekannt@kunde.example',
        subject: 'X',
        message: 'Y',
      }),
      202,
    );
    const state = await settled(call, res.mailId);
    expect(state.status).toBe('failed');
    expect(state.error).toMatch(/unbekannt@kunde\.example|550/);
  });

  it('checks every address, the number of orders and that each order exists, in German', async () => {
    const send = (body: Record<string, unknown>, user = 'dispo') =>
      call(
        'POST',
        '/api/orders/send-email',
        { order_ids: [a.id], recipient_email: 'bau@kunde.example', subject: 'S', message: 'M', ...body },
        user,
      );
    const refused = async (body: Record<string, unknown>, status: number, error: string) => {
      const res = await send(body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error).toBe(error);
    };
    await refused({ recipient_email: 'bau-kunde' }, 400, messages.dispatch.invalidRecipient('bau-kunde'));
    await refused({ recipient_email: '' }, 400, messages.orderMail.recipientRequired);
    await refused({ cc_emails: ['ok@kunde.example', 'kaputt@'] }, 400, messages.dispatch.invalidRecipient('kaputt@'));
    await refused({ subject: '  ' }, 400, messages.orderMail.subjectRequired);
    await refused({ message: '' }, 400, messages.orderMail.messageRequired);
    await refused({ order_ids: [] }, 400, messages.validation.selection.noValidForEmail);
    await refused({ order_ids: Array.from({ length: 51 }, (_, i) => `o-${i}`) }, 400, messages.orderMail.tooManyOrders(50));
    await refused({ order_ids: [a.id, 'gibt-es-nicht'] }, 404, messages.order.notFound);
    // Who may send: not the auditor, not the fleet; without a token nobody.
    expect((await send({}, 'audit')).statusCode).toBe(403);
    expect((await send({}, 'fuhrpark')).statusCode).toBe(403);
    expect((await send({}, 'nobody')).statusCode).toBe(401);
  });
});

describe('order mails without a mail server', () => {
  let t: TestApp;
  let call: Call;

  beforeAll(async () => {
    t = await createTestApp({});
    call = (await setUp(t)).call;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('waits in the outbox and says so', async () => {
    const order = (await json<{ order: { id: string } }>(await call('POST', '/api/orders', demoOrderBody({ delivery_date: DAY })), 201))
      .order;
    const res = await json<Sent>(
      await call('POST', '/api/orders/send-email', {
        order_ids: [order.id],
        recipient_email: 'bau@kunde.example',
        subject: 'S',
        message: 'M',
      }),
      202,
    );
    expect(res).toMatchObject({ status: 'requested', sending: false, delivery: 'no_server', message: messages.mailDelivery.orderMailNoServer });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await json<MailState>(await call('GET', `/api/orders/emails/${res.mailId}`))).toMatchObject({ status: 'requested', retrying: false });
    const outbox = await json<{ mails: OutboxMail[] }>(await call('GET', '/api/mail/outbox', undefined, 'admin'));
    // Without ORDER_MAIL_CC the company's own address is the copy.
    expect(outbox.mails.find((m) => m.mailId === res.mailId)).toMatchObject({
      kind: 'order_mail',
      status: 'requested',
      cc: [messages.orderPdf.company.email],
    });
  });
});
