import { readFileSync } from 'node:fs';
import type { QueryOptions, SqlClient, SqlExecutor, TransactionOptions } from '@dispo/events/sql/client';

/**
 * Cost accounting that does not depend on how busy the machine is: CPU time of this Node process and
 * of the PostgreSQL backends serving one database, and the number of SQL statements and transactions.
 */

export interface CostSnapshot {
  /** CPU time of this process (user + system), ms. */
  nodeCpuMs: number;
  /** CPU time of the database's backends (PostgreSQL on this host only; NaN otherwise), ms. */
  pgCpuMs: number;
  statements: number;
  transactions: number;
}

export interface Cost {
  nodeCpuMs: number;
  pgCpuMs: number;
  statements: number;
  transactions: number;
}

export function costBetween(a: CostSnapshot, b: CostSnapshot): Cost {
  return {
    nodeCpuMs: b.nodeCpuMs - a.nodeCpuMs,
    pgCpuMs: b.pgCpuMs - a.pgCpuMs,
    statements: b.statements - a.statements,
    transactions: b.transactions - a.transactions,
  };
}

export interface SqlCounters {
  statements: number;
  transactions: number;
}

/** The client with every statement and transaction counted (inside transactions too). */
export function countingSql(sql: SqlClient): { sql: SqlClient; counters: SqlCounters } {
  const counters: SqlCounters = { statements: 0, transactions: 0 };
  const counted: SqlClient = {
    kind: sql.kind,
    query<R>(text: string, params?: unknown[], options?: QueryOptions) {
      counters.statements++;
      return sql.query<R>(text, params, options);
    },
    transaction<T>(fn: (tx: SqlExecutor) => Promise<T>, options?: TransactionOptions) {
      counters.transactions++;
      counters.statements += 2; // BEGIN, COMMIT/ROLLBACK
      return sql.transaction((tx) =>
        fn({
          query<R>(text: string, params?: unknown[], options?: QueryOptions) {
            counters.statements++;
            return tx.query<R>(text, params, options);
          },
        }),
        options,
      );
    },
    listen: (channel, onNotify) => sql.listen(channel, onNotify),
    close: () => sql.close(),
  };
  return { sql: counted, counters };
}

/**
 * CPU time of the backends of `database`, read from /proc (so only when PostgreSQL runs on this host).
 * Backends that end between two snapshots keep their last reading.
 */
export class PgBackendCpu {
  private readonly last = new Map<number, number>();
  private readonly tick = 10; // ms per clock tick (CLK_TCK 100 on Linux)

  constructor(private readonly sql: Pick<SqlClient, 'query' | 'kind'>) {}

  async read(): Promise<number> {
    if (this.sql.kind !== 'postgres') return Number.NaN;
    // Every backend of the database, this one included (it may be the pool's only connection).
    const { rows } = await this.sql.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database()');
    for (const { pid } of rows) {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        // fields[0] is field 3 (state); utime and stime are fields 14 and 15.
        this.last.set(pid, (Number(fields[11]) + Number(fields[12])) * this.tick);
      } catch {
        return Number.NaN; // not on this host
      }
    }
    let total = 0;
    for (const ms of this.last.values()) total += ms;
    return total;
  }
}

export function nodeCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** CPU pressure of the host (Linux PSI): share of wall time in which some runnable task waited for a CPU. */
export class CpuPressure {
  private readonly start = { stalledUs: readPsi(), at: process.hrtime.bigint() };

  /** 0..1, or NaN where /proc/pressure/cpu is missing. */
  share(): number {
    const now = readPsi();
    const wallUs = Number(process.hrtime.bigint() - this.start.at) / 1000;
    return (now - this.start.stalledUs) / wallUs;
  }
}

function readPsi(): number {
  try {
    const line = readFileSync('/proc/pressure/cpu', 'utf8').split('\n')[0] ?? '';
    return Number(/total=(\d+)/.exec(line)?.[1] ?? Number.NaN);
  } catch {
    return Number.NaN;
  }
}
