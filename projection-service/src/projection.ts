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
  /**
   * Optional, for replays (a rebuild, a new schema version): consecutive events the projection applies
   * alone, with no notices (nobody waits for a million of them). It must leave the tables exactly as
   * apply() one event after the other would, but may write a run of events with one statement.
   */
  applyBatch?(tx: SqlExecutor, events: readonly RecordedEvent[]): Promise<void>;
  /**
   * Optional, with applyBatch: what applyBatch() can make of a batch without the database (its rows as
   * a statement's parameter), made as soon as the runner has read the batch, while the database still
   * writes the batch before; applyBatch() then finds it made. It must not change what applyBatch() writes.
   */
  prepareBatch?(events: readonly RecordedEvent[]): void;
  /**
   * Optional: work that only the batch's end state decides (a recount of what its events touched),
   * done once per batch instead of once per event: called after apply() has seen every event of the
   * batch, in the same transaction, with the events given to this projection. It must leave the tables
   * as settling after each event would. While the runner isolates events (to park a failing
   * projection at its event) it is called after each apply() with that one event.
   */
  settle?(tx: SqlExecutor, events: readonly RecordedEvent[]): Promise<void>;
  /**
   * Optional, live and in replays alike: consecutive events of one kind written with one statement.
   * Where an event it `joins` comes up, the runner hands it the run from there: the events it joins,
   * over events between them that it `passes`, up to the last one joined. The result (tables and
   * notices, in the events' order) must equal apply() one event after the other. Passed events must
   * be ones no projection applies (the order number's reservation beside each create), so writing the
   * run at its first event's turn changes nothing another projection reads in between.
   */
  runs?: EventRuns;
  /**
   * Optional: indexes that only queries read, none of apply()'s statements. A rebuild, and the replay
   * of a new schema version, drop them before they replay the log and build them once afterwards
   * (deferred-indexes.ts): far cheaper than keeping them up to date row by row. `create` must be idempotent; setup() creates the same indexes, so one
   * missing after a crash mid-rebuild is there again at the next start.
   */
  deferredIndexes?: readonly DeferredIndex[];
}

export interface DeferredIndex {
  /** Schema-qualified (`read.orders_search_idx`). */
  name: string;
  /** `CREATE INDEX IF NOT EXISTS …` */
  create: string;
}

export interface EventRuns {
  joins(event: RecordedEvent): boolean;
  passes(event: RecordedEvent): boolean;
  apply(tx: SqlExecutor, events: readonly RecordedEvent[]): Promise<Notice[] | undefined>;
}
