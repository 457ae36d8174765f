import pg from 'pg';

export interface WaitTally {
  samples: number;
  /** `state | wait event | statement`, most frequent first, with the share of samples (backend-samples / samples). */
  top: { key: string; perSample: number }[];
}

/**
 * Samples pg_stat_activity of one database every `intervalMs` while a measurement runs: where the
 * backends of that database spend their time (CPU, waiting for a lock, for the WAL flush, or idle in a
 * transaction waiting for the client to send the next statement). PostgreSQL only.
 */
export class WaitSampler {
  private readonly tally = new Map<string, number>();
  private samples = 0;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly url: string,
    private readonly database: string,
    private readonly intervalMs = 10,
  ) {}

  start(): void {
    this.running = this.loop();
  }

  async stop(top = 8): Promise<WaitTally> {
    this.stopped = true;
    await this.running;
    const sorted = [...this.tally].sort((a, b) => b[1] - a[1]).slice(0, top);
    return { samples: this.samples, top: sorted.map(([key, n]) => ({ key, perSample: n / Math.max(1, this.samples) })) };
  }

  private async loop(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    await client.connect();
    try {
      while (!this.stopped) {
        const { rows } = await client.query<{ state: string; wait: string; query: string }>(
          `SELECT state, coalesce(wait_event_type || ':' || wait_event, 'CPU') AS wait, left(regexp_replace(query, '\\s+', ' ', 'g'), 48) AS query
           FROM pg_stat_activity WHERE datname = $1 AND state <> 'idle' AND pid <> pg_backend_pid()`,
          [this.database],
        );
        this.samples++;
        for (const r of rows) {
          const key = `${r.state} | ${r.wait} | ${r.query}`;
          this.tally.set(key, (this.tally.get(key) ?? 0) + 1);
        }
        await new Promise((resolve) => setTimeout(resolve, this.intervalMs));
      }
    } finally {
      await client.end();
    }
  }
}

export function renderWaits(title: string, tally: WaitTally): string {
  const lines = [`  ${title}: backends per sample (${tally.samples} samples of pg_stat_activity)`];
  for (const { key, perSample } of tally.top) lines.push(`    ${perSample.toFixed(2).padStart(6)}  ${key}`);
  return lines.join('\n');
}
