// @vitest-environment happy-dom
import { messages } from '@dispo/domain/messages';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeOrder } from '../../test/fixtures';
import { checkboxOf, loginAt, type OrdersBackend, renderOrdersPage, startOrdersBackend, waitForRows } from '../orders/ordersTestKit';
import { mailtoLink, splitAddresses } from './mailto';

let backend: OrdersBackend | undefined;
afterEach(async () => {
  cleanup();
  await backend?.close();
});

const t = messages.orderMail;
const orders = [makeOrder({ id: 'o-1', orderNumber: 'S261126-0001' }), makeOrder({ id: 'o-2', orderNumber: 'S261126-0002' })];
const draft = {
  success: true,
  subject: 'Transportaufträge S261126-0001, S261126-0002',
  message: 'Sehr geehrte Damen und Herren,\n\n- S261126-0001 …',
  copyAddress: 'disposition@dispo.example',
  orders: orders.map((o) => ({ id: o.id, orderNumber: o.orderNumber })),
};

async function openMail(
  mailState: { status: string; error: string | null; retrying?: boolean } = { status: 'sent', error: null },
  sending = true,
  delivery?: string,
) {
  backend = await startOrdersBackend({
    orders,
    routes: {
      'GET /api/orders/email-preview': () => ({ json: draft }),
      'POST /api/orders/send-email': () => ({ status: 202, json: { success: true, mailId: 'm-1', status: 'requested', sending, ...(delivery ? { delivery } : {}) } }),
      'GET /api/orders/emails/m-1': () => ({ json: { success: true, mailId: 'm-1', attachmentCount: 2, ...mailState } }),
    },
  });
  loginAt(backend);
  await renderOrdersPage(backend);
  await waitForRows(2);
  fireEvent.click(checkboxOf('S261126-0001'));
  fireEvent.click(checkboxOf('S261126-0002'));
  fireEvent.click(await screen.findByRole('button', { name: t.button }));
  return screen.findByRole('dialog', { name: t.title });
}

const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label, { exact: false }) as HTMLInputElement;

describe('E-Mail modal (orders.md §2.10)', () => {
  it('loads the draft, sends with the attachments and says when the mail went out', async () => {
    const dialog = await openMail();
    expect(within(dialog).getByText(t.orderCount(2))).toBeTruthy();
    expect((within(dialog).getByLabelText(t.includeAttachments) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: t.loadDraft }));
    await waitFor(() => expect(field(dialog, t.subject).value).toBe(draft.subject));
    expect(within(dialog).getByText(t.fixedCopy('disposition@dispo.example'))).toBeTruthy();
    fireEvent.change(field(dialog, t.recipient), { target: { value: 'bau@kunde.example' } });
    fireEvent.change(field(dialog, t.cc), { target: { value: 'lager@kunde.example' } });
    fireEvent.click(within(dialog).getByRole('button', { name: t.send }));
    expect(await screen.findByText(messages.success.emailSent)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: t.title })).toBeNull());
    expect(backend!.calls('POST', '/api/orders/send-email')[0]!.body).toEqual({
      order_ids: ['o-1', 'o-2'],
      recipient_email: 'bau@kunde.example',
      cc_emails: 'lager@kunde.example',
      subject: draft.subject,
      message: draft.message,
      include_attachments: true,
    });
  });

  it('checks the fields before sending, in German, without calling the server', async () => {
    const dialog = await openMail();
    fireEvent.change(field(dialog, t.recipient), { target: { value: 'bau-kunde' } });
    fireEvent.change(field(dialog, t.cc), { target: { value: 'ok@kunde.example; kaputt@' } });
    fireEvent.click(within(dialog).getByRole('button', { name: t.send }));
    expect(await within(dialog).findByText(messages.dispatch.invalidRecipient('bau-kunde'))).toBeTruthy();
    expect(within(dialog).getByText(messages.dispatch.invalidRecipient('kaputt@'))).toBeTruthy();
    expect(within(dialog).getByText(t.subjectRequired)).toBeTruthy();
    expect(within(dialog).getByText(t.messageRequired)).toBeTruthy();
    expect(backend!.calls('POST', '/api/orders/send-email')).toHaveLength(0);
  });

  it('shows a failed mail in the modal with the reason, and a queued one as a note', async () => {
    const dialog = await openMail({ status: 'failed', error: '550 Mailbox unavailable' });
    fireEvent.click(within(dialog).getByRole('button', { name: t.loadDraft }));
    await waitFor(() => expect(field(dialog, t.subject).value).toBe(draft.subject));
    fireEvent.change(field(dialog, t.recipient), { target: { value: 'bau@kunde.example' } });
    fireEvent.click(within(dialog).getByRole('button', { name: t.send }));
    expect(await within(dialog).findByText(`${messages.errors.email}: ${t.failed('550 Mailbox unavailable')}`)).toBeTruthy();
  });

  it('says that the mail waits in the outbox when no mail server sends', async () => {
    const dialog = await openMail({ status: 'requested', error: null }, false);
    fireEvent.click(within(dialog).getByRole('button', { name: t.loadDraft }));
    await waitFor(() => expect(field(dialog, t.subject).value).toBe(draft.subject));
    fireEvent.change(field(dialog, t.recipient), { target: { value: 'bau@kunde.example' } });
    fireEvent.click(within(dialog).getByRole('button', { name: t.send }));
    expect(await screen.findByText(messages.mailDelivery.orderMailNoServer)).toBeTruthy();
    expect(messages.mailDelivery.orderMailNoServer).toContain('kein Mailserver eingerichtet');
  });

  it('says that the mail will be retried when the mail server does not answer, known at once or from the outbox', async () => {
    for (const [state, delivery] of [
      [{ status: 'sent', error: null }, 'retrying'],
      [{ status: 'requested', error: null, retrying: true }, 'queued'],
    ] as const) {
      const dialog = await openMail(state, true, delivery);
      fireEvent.click(within(dialog).getByRole('button', { name: t.loadDraft }));
      await waitFor(() => expect(field(dialog, t.subject).value).toBe(draft.subject));
      fireEvent.change(field(dialog, t.recipient), { target: { value: 'bau@kunde.example' } });
      fireEvent.click(within(dialog).getByRole('button', { name: t.send }));
      expect(await screen.findByText(messages.mailDelivery.orderMailRetrying)).toBeTruthy();
      expect(screen.queryByText(messages.success.emailSent)).toBeNull();
      cleanup();
      await backend?.close();
      backend = undefined;
    }
  });

  it('asks for a selection first', async () => {
    backend = await startOrdersBackend({ orders });
    loginAt(backend);
    await renderOrdersPage(backend);
    await waitForRows(2);
    // The button shows with a selection only (§2.1).
    expect(screen.queryByRole('button', { name: t.button })).toBeNull();
  });
});

describe('mail link', () => {
  it('encodes copies, subject and body with CRLF line breaks', () => {
    expect(mailtoLink('bau@kunde.example', ['a@b.de', 'c@d.de'], 'Aufträge Ü', 'Zeile 1\nZeile 2')).toBe(
      'mailto:bau@kunde.example?cc=a%40b.de,c%40d.de&subject=Auftr%C3%A4ge%20%C3%9C&body=Zeile%201%0D%0AZeile%202',
    );
    expect(splitAddresses(' a@b.de; ,c@d.de ')).toEqual(['a@b.de', 'c@d.de']);
  });
});
