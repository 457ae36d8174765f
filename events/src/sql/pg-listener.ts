import pg from 'pg';
import { assertSqlIdentifier } from './identifier';

/** While the database is away, a new LISTEN connection is tried this often (the read side's wake-up after an outage, ADR 0021). */
const RECONNECT_DELAY_MS = 250;

/**
 * LISTEN on one dedicated connection (a pooled one would be handed to other queries). When that
 * connection breaks it reconnects, listens again and calls every callback once, because notifications
 * sent during the gap are lost.
 */
export class PgListener {
  private readonly channels = new Map<string, Set<(payload: string) => void>>();
  private client: pg.Client | undefined;
  private connecting: Promise<pg.Client> | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly config: pg.ClientConfig) {}

  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    assertSqlIdentifier(channel, 'channel');
    if (this.closed) throw new Error('SQL client closed');
    const callbacks = this.channels.get(channel) ?? new Set();
    if (callbacks.size === 0) {
      await (await this.connection()).query(`LISTEN ${channel}`);
      this.channels.set(channel, callbacks);
    }
    callbacks.add(onNotify);
    return async () => {
      if (!callbacks.delete(onNotify) || callbacks.size > 0) return;
      this.channels.delete(channel);
      if (this.client && !this.closed) await this.client.query(`UNLISTEN ${channel}`);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    const client = this.client ?? (await this.connecting?.catch(() => undefined));
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private connection(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.connect().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client(this.config);
    client.on('notification', (message) => {
      for (const callback of this.channels.get(message.channel) ?? []) callback(message.payload ?? '');
    });
    client.on('error', () => this.dropped(client));
    client.on('end', () => this.dropped(client));
    await client.connect();
    this.client = client;
    return client;
  }

  private dropped(client: pg.Client): void {
    if (client !== this.client || this.closed) return;
    this.client = undefined;
    client.end().catch(() => {});
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => void this.reconnect(), RECONNECT_DELAY_MS);
    this.reconnectTimer.unref();
  }

  private async reconnect(): Promise<void> {
    this.reconnectTimer = undefined;
    if (this.closed || this.channels.size === 0) return;
    try {
      const client = await this.connection();
      for (const channel of this.channels.keys()) await client.query(`LISTEN ${channel}`);
      for (const callbacks of this.channels.values()) for (const callback of callbacks) callback('');
    } catch {
      this.scheduleReconnect();
    }
  }
}
