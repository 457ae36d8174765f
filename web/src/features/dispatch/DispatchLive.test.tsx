// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { Socket as ServerSocket } from 'socket.io';
import { afterEach, describe, expect, it } from 'vitest';
import { DISPATCH_SOCKET_DEBOUNCE_MS } from '../../socket/SocketProvider';
import { DATE, type DispatchBackend, loginAt, makeTour, renderDispatchPage, startDispatchBackend, tourBlock } from './dispatchTestKit';

let backend: DispatchBackend;

afterEach(async () => {
  cleanup();
  await backend.close();
});

describe('Disposition: live updates over the socket', () => {
  it('refetches once, 500 ms after a burst of tour and order events', async () => {
    backend = await startDispatchBackend();
    const connected = new Promise<ServerSocket>((resolve) => backend.io?.once('connection', resolve));
    loginAt(backend);
    await renderDispatchPage(backend);
    const server = await connected;
    await waitFor(() => expect(server.connected).toBe(true));
    const tours = () => backend.calls('GET', `/api/disposition/tours/${DATE}`).length;
    const open = () => backend.calls('GET', '/api/disposition/orders/open').length;
    const before = { tours: tours(), open: open() };

    // Another dispatcher plans a tour.
    backend.tours = [makeTour()];
    backend.registerTour('t-1');
    const started = Date.now();
    server.emit('tour_created', { tour: makeTour() });
    server.emit('order_status_changed', { order: { id: 'o-t1' } });
    server.emit('tour_updated', { tour: makeTour() });

    await waitFor(() => expect(tourBlock('T990305-01')).toBeTruthy());
    expect(Date.now() - started).toBeGreaterThanOrEqual(DISPATCH_SOCKET_DEBOUNCE_MS - 20);
    expect(tours()).toBe(before.tours + 1);
    expect(open()).toBe(before.open + 1);

    backend.tours = [];
    server.emit('tour_deleted', { id: 't-1' });
    await waitFor(() => expect(screen.queryByTestId('tour-T990305-01')).toBeNull());
  });

  it('tells the dispatcher when the tour plan mail fails after the answer (the outbox gave up)', async () => {
    backend = await startDispatchBackend();
    const connected = new Promise<ServerSocket>((resolve) => backend.io?.once('connection', resolve));
    loginAt(backend);
    await renderDispatchPage(backend);
    const server = await connected;
    await waitFor(() => expect(server.connected).toBe(true));
    server.emit('tour_plan_mail_failed', { mailId: 'm-1', date: '2026-11-24', status: 'failed' });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Tourenplan-E-Mail konnte nicht versendet werden (Dienstag, 24. November 2026)'));
  });
});
