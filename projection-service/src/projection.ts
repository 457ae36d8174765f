import type { RecordedEvent } from '@dispo/events/envelope';
import type { SqlExecutor } from '@dispo/events/sql/client';
import type { Notice } from '@dispo/platform/bus/notice-bus';

/**
 * One read model: its tables in schema `read` and how each event changes them. `apply` runs inside
 * the runner's batch transaction; the notices it returns are published after that transaction commits.
 */
export interface Projection {
  readonly name: string;
  /**
   * Raised when the tables change shape: the runner then drops them (`drop`, else `reset`), creates
   * them anew and replays the log into them. Default 1.
   */
  readonly schemaVersion?: number;
  /** Creates the projection's tables and indexes; must be idempotent. */
  setup(sql: SqlExecutor): Promise<void>;
  /** Empties the tables before a rebuild. */
  reset(sql: SqlExecutor): Promise<void>;
  /** Removes the tables, for a new schema version; without it, `reset` empties them. */
  drop?(sql: SqlExecutor): Promise<void>;
  apply(tx: SqlExecutor, event: RecordedEvent): Promise<Notice[] | undefined>;
}
