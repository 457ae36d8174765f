// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OUTBOX_REFRESH_MS } from '../../api/mailOutbox';
import { queryKeys } from '../../api/queryKeys';
import {
  admin,
  dispatcher,
  loginAt,
  makeMail,
  type OutboxBackend,
  PDF_TEXT,
  renderOutboxPage,
  startOutboxBackend,
  TOKEN,
} from './mailOutboxTestKit';

let backend: OutboxBackend;
/** File names the page saved (the object-URL link clicks) and the blobs behind them. */
let saved: string[];
let blobs: Blob[];

beforeEach(() => {
  saved = [];
  blobs = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob: Blob | MediaSource) => {
    blobs.push(blob as Blob);
    return `blob:test/${blobs.length}`;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
});

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await backend.close();
});

const waiting = makeMail({
  mailId: 'm-wait',
  date: '2026-11-23',
  trigger: 'manual',
  recipients: ['a@b.de', 'c@d.de'],
  requestedAt: '2026-11-22T13:05:00.000Z',
});
const sent = makeMail({
  mailId: 'm-sent',
  date: '2026-11-21',
  trigger: 'completion',
  status: 'sent',
  recipients: ['dispo@kunde.example'],
  messageId: '<x@smtp>',
  tourCount: 4,
  requestedAt: '2026-11-20T16:00:00.000Z',
  sentAt: '2026-11-20T16:00:07.000Z',
});
const failed = makeMail({
  mailId: 'm-failed',
  date: '2026-11-22',
  trigger: '15:00',
  status: 'failed',
  recipients: ['unbekannt@kunde.example'],
  error: '550 Mailbox unavailable',
  requestedAt: '2026-11-21T14:00:00.000Z',
  failedAt: '2026-11-21T14:00:03.000Z',
});

const orderMail = makeMail({
  mailId: 'm-order',
  kind: 'order_mail',
  date: '2026-11-20',
  trigger: 'order_mail',
  status: 'sent',
  recipients: ['bau@kunde.example'],
  cc: ['disposition@dispo.example'],
  subject: 'Transportaufträge S261120-0001',
  orderCount: 2,
  requestedAt: '2026-11-20T09:00:00.000Z',
  sentAt: '2026-11-20T09:00:02.000Z',
});

async function start(options: Parameters<typeof startOutboxBackend>[0] = {}, user = admin) {
  backend = await startOutboxBackend({ mails: [waiting, sent, failed, orderMail], ...options });
  loginAt(backend, user);
  return renderOutboxPage(backend);
}

function rowOf(mailId: string): HTMLElement {
  const row = document.querySelector<HTMLElement>(`tr[data-mail-id="${mailId}"]`);
  if (!row) throw new Error(`no row for ${mailId}`);
  return row;
}

const cellTexts = (mailId: string) => [...rowOf(mailId).querySelectorAll('td')].map((cell) => cell.textContent?.trim());
const shownMailIds = () => [...document.querySelectorAll('tr[data-mail-id]')].map((row) => row.getAttribute('data-mail-id'));
const filterButton = (name: string) => within(screen.getByRole('group', { name: 'Nach Status filtern' })).getByRole('button', { name });

describe('Postausgang', () => {
  it('lists the mails newest first with day, occasion, recipients, status, times and tours', async () => {
    await start();
    await screen.findByRole('table', { name: 'E-Mails im Postausgang' });
    expect(screen.getByText('Tourenplan-Mails der Disposition und Auftrags-E-Mails: wartend, versendet und fehlgeschlagen')).toBeTruthy();
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Tag', 'Anlass', 'Empfänger', 'Status', 'Angefordert', 'Versendet/Fehler', 'Inhalt', 'PDF']);
    expect(shownMailIds()).toEqual(['m-wait', 'm-failed', 'm-sent', 'm-order']);
    // An order mail: its subject, its copy and its orders; no tour-plan PDF to offer.
    expect(cellTexts('m-order')).toEqual([
      '20.11.2026',
      'Auftrags-E-MailTransportaufträge S261120-0001',
      'bau@kunde.exampleCC: disposition@dispo.example',
      'Versendet',
      '20.11.2026, 10:00',
      '20.11.2026, 10:00',
      '2 Aufträge',
      '',
    ]);
    // Times in Europe/Berlin (CET in November: UTC+1).
    expect(cellTexts('m-wait')).toEqual(['23.11.2026', 'Manuell', 'a@b.de, c@d.de', 'Wartend', '22.11.2026, 14:05', '–', '–', 'PDF']);
    expect(cellTexts('m-sent')).toEqual([
      '21.11.2026',
      'Dispo-Abschluss',
      'dispo@kunde.example',
      'Versendet',
      '20.11.2026, 17:00',
      '20.11.2026, 17:00',
      '4',
      'PDF',
    ]);
    expect(cellTexts('m-failed')).toEqual([
      '22.11.2026',
      'Zeitplan 15:00 Uhr',
      'unbekannt@kunde.example',
      'Fehlgeschlagen',
      '21.11.2026, 15:00',
      '21.11.2026, 15:00550 Mailbox unavailable',
      '–',
      'PDF',
    ]);
    const request = backend.calls('GET', '/api/mail/outbox')[0];
    expect(request?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(backend.listQueries()[0]).toEqual({ limit: '200' });
  });

  it('says that nothing is sent while no mail server is configured', async () => {
    await start({ sending: false });
    const note = await screen.findByRole('note');
    expect(note.textContent).toBe(
      'Kein Mailserver eingerichtet (SMTP_URL): E-Mails werden nicht versendet und bleiben hier im Postausgang.',
    );
  });

  it('shows no such note when a mail server sends', async () => {
    await start({ sending: true });
    await screen.findByRole('table', { name: 'E-Mails im Postausgang' });
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('shows a mail whose server does not answer as retried, with its failed attempts, the last error and the next attempt', async () => {
    const retrying = makeMail({
      mailId: 'm-retry',
      retrying: true,
      attempts: 3,
      lastError: 'connect ECONNREFUSED 127.0.0.1:2525',
      nextAttemptAt: '2026-11-22T13:06:40.000Z',
    });
    await start({ sending: true, mails: [retrying, sent] });
    await screen.findByRole('table', { name: 'E-Mails im Postausgang' });
    const [, , , status, , outcome] = cellTexts('m-retry');
    expect(status).toBe('WartendWird erneut versucht (3 Versuche fehlgeschlagen)');
    expect(outcome).toBe('–connect ECONNREFUSED 127.0.0.1:2525Nächster Versuch um 14:06:40 Uhr');
    expect(cellTexts('m-sent').join(' ')).not.toContain('erneut');
  });

  it('filters by status on the server (status=) and back to all', async () => {
    const { queryClient } = await start();
    await screen.findByRole('table', { name: 'E-Mails im Postausgang' });
    expect(filterButton('Alle').getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(filterButton('Fehlgeschlagen'));
    await waitFor(() => expect(shownMailIds()).toEqual(['m-failed']));
    expect(backend.listQueries().at(-1)).toEqual({ status: 'failed', limit: '200' });
    expect(filterButton('Fehlgeschlagen').getAttribute('aria-pressed')).toBe('true');
    expect(filterButton('Alle').getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(filterButton('Wartend'));
    await waitFor(() => expect(shownMailIds()).toEqual(['m-wait']));
    expect(backend.listQueries().at(-1)).toEqual({ status: 'requested', limit: '200' });

    fireEvent.click(filterButton('Versendet'));
    await waitFor(() => expect(shownMailIds()).toEqual(['m-sent', 'm-order']));
    expect(backend.listQueries().at(-1)).toEqual({ status: 'sent', limit: '200' });

    fireEvent.click(filterButton('Alle'));
    await waitFor(() => expect(shownMailIds()).toEqual(['m-wait', 'm-failed', 'm-sent', 'm-order']));
    // The cached list shows at once and is asked for again.
    await waitFor(() => expect(backend.listQueries().at(-1)).toEqual({ limit: '200' }));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  });

  it('downloads the tour plan PDF of a mail with the bearer token', async () => {
    await start();
    await screen.findByRole('table', { name: 'E-Mails im Postausgang' });
    fireEvent.click(within(rowOf('m-failed')).getByRole('button', { name: 'Tourenplan für 22.11.2026 herunterladen' }));
    await waitFor(() => expect(saved).toEqual(['Tourenplan_2026-11-22.pdf']));
    const calls = backend.calls('GET', '/api/mail/outbox/m-failed/pdf');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(await blobs[0]?.text()).toBe(PDF_TEXT);
  });

  it('a failing PDF shows the error, in the server’s words when it gave some', async () => {
    await start({
      routes: {
        'GET /api/mail/outbox/m-wait/pdf': () => ({ status: 404, json: { success: false, error: 'Die E-Mail wurde nicht gefunden.' } }),
      },
    });
    await screen.findByRole('table', { name: 'E-Mails im Postausgang' });
    fireEvent.click(within(rowOf('m-wait')).getByRole('button', { name: /herunterladen/ }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Die E-Mail wurde nicht gefunden.');
    expect(saved).toEqual([]);
  });

  it('shows the empty outbox, and an empty filter', async () => {
    await start({ mails: [] });
    expect(await screen.findByText('Der Postausgang ist leer.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(filterButton('Fehlgeschlagen'));
    // Not before the server answered for this status.
    expect(screen.queryByText('Keine E-Mails mit diesem Status.')).toBeNull();
    expect(await screen.findByText('Keine E-Mails mit diesem Status.')).toBeTruthy();
    expect(backend.listQueries().at(-1)).toEqual({ status: 'failed', limit: '200' });
  });

  it('shows a loading state until the list answers', async () => {
    let answer: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await start({
      routes: {
        'GET /api/mail/outbox': async () => {
          await gate;
          return { json: { sending: true, mails: [waiting] } };
        },
      },
    });
    expect(screen.getByRole('status').textContent).toBe('Lade Postausgang...');
    answer();
    await screen.findByRole('table', { name: 'E-Mails im Postausgang' });
    expect(screen.queryByText('Lade Postausgang...')).toBeNull();
  });

  it('shows a load error with the server’s text and loads again on request', async () => {
    let fail = true;
    await start({
      routes: {
        'GET /api/mail/outbox': () =>
          fail
            ? { status: 403, json: { success: false, error: 'Keine Berechtigung für diese Aktion.' } }
            : { json: { sending: true, mails: [sent] } },
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Fehler beim Laden des Postausgangs:');
    expect(alert.textContent).toContain('Keine Berechtigung für diese Aktion.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Erneut versuchen' }));
    await waitFor(() => expect(shownMailIds()).toEqual(['m-sent']));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refreshes on the button, on the outbox socket notices, and polls every 15 s', async () => {
    const { serverSocket, queryClient } = await start();
    await screen.findByRole('table', { name: 'E-Mails im Postausgang' });
    const before = backend.listQueries().length;

    backend.mails.splice(0, 1, { ...waiting, status: 'sent', sentAt: '2026-11-22T13:05:09.000Z', tourCount: 2 });
    fireEvent.click(screen.getByRole('button', { name: 'Aktualisieren' }));
    await waitFor(() => expect(within(rowOf('m-wait')).getByText('Versendet')).toBeTruthy());
    expect(backend.listQueries().length).toBe(before + 1);

    backend.mails.push(makeMail({ mailId: 'm-new', date: '2026-11-24', requestedAt: '2026-11-23T08:00:00.000Z' }));
    serverSocket.emit('tour_plan_mail_requested', { mailId: 'm-new', date: '2026-11-24', status: 'requested' });
    await waitFor(() => expect(shownMailIds()).toEqual(['m-new', 'm-wait', 'm-failed', 'm-sent', 'm-order']));

    const query = queryClient.getQueryCache().find({ queryKey: queryKeys.mailOutbox.list(null) });
    expect(query?.observers[0]?.options.refetchInterval).toBe(OUTBOX_REFRESH_MS);
    expect(OUTBOX_REFRESH_MS).toBe(15_000);
  });

  it('tells users without the admin role that they may not see it, and asks the server nothing', async () => {
    await start({}, dispatcher);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Keine Berechtigung')).toBeTruthy();
    expect(within(alert).getByText('Den Postausgang sehen nur Administratoren.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(backend.calls('GET', '/api/mail/outbox')).toHaveLength(0);
  });
});
