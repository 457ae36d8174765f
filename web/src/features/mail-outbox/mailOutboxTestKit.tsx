import { screen } from '@testing-library/react';
import type { Socket as ServerSocket } from 'socket.io';
import type { OutboxMail, OutboxMailStatus } from '../../api/mailOutbox';
import type { User } from '../../api/types';
import { type Handler, type RecordedRequest, startBackend, type TestBackend, useBackendOrigin as pointPageAt } from '../../test/backend';
import { renderApp } from '../../test/render';

/**
 * Test kit of the Postausgang: the shared HTTP test backend (test/backend.ts) with the outbox routes
 * of docs/api/disposition.md over an in-memory list, answering like projection-service's
 * queries/tour-plan-routes.ts, and login helpers.
 */

export const TOKEN = 'outbox-token';

export const admin: User = { id: 'u-admin', username: 'admin', firstName: 'Anna', lastName: 'Admin', roles: ['admin'] };
export const dispatcher: User = {
  id: 'u-d',
  username: 'dispo',
  firstName: 'Frank',
  lastName: 'Berger',
  roles: ['dispatcher', 'order_taker'],
};

/** The bytes the PDF route answers. */
export const PDF_TEXT = '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n';

export function makeMail(overrides: Partial<OutboxMail> = {}): OutboxMail {
  return {
    mailId: 'm-1',
    kind: 'tour_plan',
    date: '2026-11-23',
    trigger: 'manual',
    recipients: ['disposition@kunde.example'],
    cc: [],
    subject: null,
    orderCount: null,
    status: 'requested',
    error: null,
    messageId: null,
    tourCount: null,
    requestedBy: 'u-d',
    requestedAt: '2026-11-22T13:05:00.000Z',
    sentAt: null,
    failedAt: null,
    ...overrides,
  };
}

export interface OutboxBackend extends TestBackend {
  mails: OutboxMail[];
  /** Whether the answers say a mail worker sends (SMTP_URL set). */
  sending: boolean;
  calls(method: string, path: string): RecordedRequest[];
  /** The query strings of the outbox list requests, oldest first. */
  listQueries(): Record<string, string>[];
}

export interface OutboxBackendOptions {
  mails?: OutboxMail[];
  sending?: boolean;
  routes?: Record<string, Handler>;
}

export async function startOutboxBackend(options: OutboxBackendOptions = {}): Promise<OutboxBackend> {
  const mails = options.mails ?? [makeMail()];
  const backend = await startBackend({ socketToken: TOKEN });
  const state = Object.assign(backend, {
    mails,
    sending: options.sending ?? false,
    calls: (method: string, path: string) => backend.requests.filter((request) => request.method === method && request.path === path),
    listQueries: () =>
      backend.requests
        .filter((request) => request.method === 'GET' && request.path === '/api/mail/outbox')
        .map((request) => Object.fromEntries(request.query)),
  });
  const adminOnly = (request: RecordedRequest) => request.headers.authorization === `Bearer ${TOKEN}`;
  backend.routes.set('GET /api/mail/outbox', (request) => {
    if (!adminOnly(request)) return { status: 401, json: { error: 'Nicht autorisiert' } };
    const status = request.query.get('status') as OutboxMailStatus | null;
    const limit = Number(request.query.get('limit') ?? 100);
    const list = [...state.mails]
      .filter((mail) => status === null || mail.status === status)
      .sort((a, b) => b.requestedAt.localeCompare(a.requestedAt))
      .slice(0, limit);
    return { json: { sending: state.sending, mails: list } };
  });
  for (const mail of mails) {
    backend.routes.set(`GET /api/mail/outbox/${mail.mailId}/pdf`, (request) =>
      adminOnly(request) ? { raw: PDF_TEXT, contentType: 'application/pdf' } : { status: 401, json: { error: 'Nicht autorisiert' } },
    );
  }
  for (const [key, handler] of Object.entries(options.routes ?? {})) backend.routes.set(key, handler);
  return state;
}

/** Logs a user in (token and user in localStorage) and points the page at the backend. */
export function loginAt(backend: TestBackend, user: User = admin): void {
  pointPageAt(backend);
  localStorage.clear();
  sessionStorage.clear();
  localStorage.setItem('authToken', TOKEN);
  localStorage.setItem('user', JSON.stringify(user));
}

/** Renders the app at /postausgang; resolves once the page's socket is connected and its heading is shown. */
export async function renderOutboxPage(backend: TestBackend) {
  const connected = new Promise<ServerSocket>((resolve) => backend.io?.once('connection', resolve));
  const app = renderApp('/postausgang', { socketUrl: backend.origin });
  await screen.findByRole('heading', { level: 1, name: 'Postausgang' }, { timeout: 10_000 });
  const serverSocket = await connected;
  return { ...app, serverSocket };
}
