// @vitest-environment happy-dom
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, render, waitFor } from '@testing-library/react';
import type { Socket as ServerSocket } from 'socket.io';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_ORDER_LIST_PARAMS } from '../api/orders';
import { queryKeys } from '../api/queryKeys';
import { startBackend, type TestBackend } from '../test/backend';
import { makeOrder } from '../test/fixtures';
import { createTestQueryClient } from '../test/render';
import { DISPATCH_SOCKET_DEBOUNCE_MS, ORDER_EVENTS, SocketProvider, useSocket } from './SocketProvider';
import { createSocket, SOCKET_POLICY } from './socket';

const TOKEN = 'socket-token';

let backend: TestBackend;

beforeEach(async () => {
  backend = await startBackend({ socketToken: TOKEN });
});

afterEach(async () => {
  cleanup();
  await backend.close();
});

function nextServerSocket(): Promise<ServerSocket> {
  return new Promise((resolve) => backend.io?.once('connection', resolve));
}

interface Probe {
  fetches: { orders: number; other: number };
  isConnected: () => boolean;
}

/** Shows an order list query and an unrelated query, counting their fetches. */
function Watchers({ probe }: { probe: Probe }) {
  useQuery({
    queryKey: queryKeys.orders.list(DEFAULT_ORDER_LIST_PARAMS),
    queryFn: async () => {
      probe.fetches.orders += 1;
      return { orders: [], total: 0 };
    },
  });
  useQuery({
    queryKey: ['vehicles'],
    queryFn: async () => {
      probe.fetches.other += 1;
      return [];
    },
  });
  const socket = useSocket();
  probe.isConnected = () => socket?.connected ?? false;
  return null;
}

function renderWithQueries(token: string | null) {
  const queryClient = createTestQueryClient();
  const probe: Probe = { fetches: { orders: 0, other: 0 }, isConnected: () => false };
  const result = render(
    <QueryClientProvider client={queryClient}>
      <SocketProvider token={token} url={backend.origin}>
        <Watchers probe={probe} />
      </SocketProvider>
    </QueryClientProvider>,
  );
  return { ...result, fetches: probe.fetches, isConnected: () => probe.isConnected() };
}

describe('socket live updates', () => {
  it('invalidates the order queries on each of the four order events', async () => {
    const serverSocketPromise = nextServerSocket();
    const { fetches, isConnected } = renderWithQueries(TOKEN);
    const serverSocket = await serverSocketPromise;
    await waitFor(() => expect(isConnected()).toBe(true));
    await waitFor(() => expect(fetches.orders).toBe(1));
    expect(serverSocket.handshake.auth).toEqual({ token: TOKEN });

    const payloads = {
      new_order: { order: makeOrder() },
      order_updated: { order: makeOrder({ status: 'disponiert' }) },
      order_status_changed: { order: makeOrder({ status: 'unterwegs' }) },
      order_deleted: { orderId: 'o-1' },
    } as const;
    let expected = 1;
    for (const event of ORDER_EVENTS) {
      serverSocket.emit(event, payloads[event]);
      expected += 1;
      await waitFor(() => expect(fetches.orders).toBe(expected));
    }
    // Order events leave other data alone.
    expect(fetches.other).toBe(1);
  });

  it('refetches the Disposition once per burst, and not what was fetched after the burst began', async () => {
    const queryClient = createTestQueryClient();
    const fetches = { tours: 0 };
    const key = queryKeys.dispatch.tours('2099-03-05');
    function Tours() {
      useQuery({
        queryKey: key,
        queryFn: async () => {
          fetches.tours += 1;
          return [];
        },
      });
      return null;
    }
    const serverSocketPromise = nextServerSocket();
    render(
      <QueryClientProvider client={queryClient}>
        <SocketProvider token={TOKEN} url={backend.origin}>
          <Tours />
        </SocketProvider>
      </QueryClientProvider>,
    );
    const serverSocket = await serverSocketPromise;
    await waitFor(() => expect(fetches.tours).toBe(1));
    // Someone else's change: one refetch after the burst.
    serverSocket.emit('tour_created', { tour: {} } as never);
    serverSocket.emit('tour_updated', { tour: {} } as never);
    await waitFor(() => expect(fetches.tours).toBe(2));
    // The page's own action: it refetched right after its notice arrived; the burst adds nothing.
    serverSocket.emit('tour_created', { tour: {} } as never);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await queryClient.refetchQueries({ queryKey: key });
    expect(fetches.tours).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, DISPATCH_SOCKET_DEBOUNCE_MS + 300));
    expect(fetches.tours).toBe(3);
  });

  it('refetches everything shown after a reconnect', async () => {
    let serverSocketPromise = nextServerSocket();
    const { fetches, isConnected } = renderWithQueries(TOKEN);
    const first = await serverSocketPromise;
    await waitFor(() => expect(isConnected()).toBe(true));
    await waitFor(() => expect(fetches.orders + fetches.other).toBe(2));

    // Drop the connection at the transport level: the client reconnects on its own.
    serverSocketPromise = nextServerSocket();
    first.conn.close();
    await serverSocketPromise;

    await waitFor(() => expect(fetches.orders).toBe(2));
    await waitFor(() => expect(fetches.other).toBe(2));
  });

  it('disconnects when the session ends', async () => {
    const serverSocketPromise = nextServerSocket();
    const { rerender, isConnected } = renderWithQueries(TOKEN);
    const serverSocket = await serverSocketPromise;
    await waitFor(() => expect(isConnected()).toBe(true));

    const gone = new Promise<string>((resolve) => serverSocket.once('disconnect', resolve));
    rerender(
      <QueryClientProvider client={createTestQueryClient()}>
        <SocketProvider token={null} url={backend.origin}>
          {null}
        </SocketProvider>
      </QueryClientProvider>,
    );
    expect(await gone).toBe('client namespace disconnect');
  });

  it('is refused without a valid token', async () => {
    const socket = createSocket({ token: 'falsch', url: backend.origin }).connect();
    try {
      const error = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
      expect(error.message).toBe('Nicht autorisiert');
      expect(socket.connected).toBe(false);
    } finally {
      socket.disconnect();
    }
  });

  it('uses the reconnection policy of orders.md §9', () => {
    const socket = createSocket({ token: TOKEN, url: backend.origin });
    try {
      expect(socket.io.reconnection()).toBe(true);
      expect(socket.io.reconnectionAttempts()).toBe(SOCKET_POLICY.reconnectionAttempts);
      expect(socket.io.reconnectionDelay()).toBe(1_000);
      expect(socket.io.reconnectionDelayMax()).toBe(5_000);
      expect(socket.io.timeout()).toBe(20_000);
      expect(socket.io.opts.transports).toEqual(['websocket']);
    } finally {
      socket.disconnect();
    }
  });

  it('gives up for good after 5 connection errors', () => {
    const socket = createSocket({ token: TOKEN, url: 'http://127.0.0.1:9' }).connect();
    try {
      const [onConnectError] = socket.listeners('connect_error');
      if (!onConnectError) throw new Error('no connect_error listener');
      for (let attempt = 1; attempt < SOCKET_POLICY.maxConnectErrors; attempt += 1) onConnectError(new Error('weg'));
      expect(socket.active).toBe(true);
      onConnectError(new Error('weg'));
      expect(socket.active).toBe(false);
    } finally {
      socket.disconnect();
    }
  });
});
