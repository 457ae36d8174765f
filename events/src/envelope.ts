import { z } from 'zod';

/** Who caused an event and in which chain of messages (correlation/causation) it stands. */
export const eventMetadataSchema = z.object({
  userId: z.string().nullable(),
  correlationId: z.string(),
  causationId: z.string().nullable(),
  occurredAt: z.string(),
  commandName: z.string().optional(),
  /**
   * The request's Idempotency-Key (hashed with its user), on the first event of the request's first
   * append only: the log says whether a keyed request's write committed, and a unique index lets it
   * commit once (ADR 0021).
   */
  idempotencyKey: z.string().min(1).max(100).optional(),
});
export type EventMetadata = z.infer<typeof eventMetadataSchema>;

/** An event as a decider emits it: type and data, nothing else. */
export interface DomainEventShape<T extends string = string, D = unknown> {
  type: T;
  data: D;
}

/** An event ready to append: the command handler adds id, schema version and metadata. */
export interface NewEvent<T extends string = string, D = unknown> extends DomainEventShape<T, D> {
  eventId: string;
  schemaVersion: number;
  metadata: EventMetadata;
}

/**
 * Position in the global log. Readers order by (epoch, transactionId, globalPosition) so that an event
 * whose transaction commits late is never skipped (see ARCHITECTURE.md, "The event store"). The epoch
 * counts the database clusters the log has lived in: a restore into a new cluster starts its
 * transaction ids anew, and its events then sort after the old ones by their epoch (ADR 0019).
 */
export interface LogPosition {
  epoch: number;
  transactionId: number;
  globalPosition: number;
}

export const LOG_START: LogPosition = { epoch: 0, transactionId: 0, globalPosition: 0 };

export function isAfter(a: LogPosition, b: LogPosition): boolean {
  if (a.epoch !== b.epoch) return a.epoch > b.epoch;
  return a.transactionId > b.transactionId || (a.transactionId === b.transactionId && a.globalPosition > b.globalPosition);
}

/** An event as read back from the store (already upcast to the newest schema version). */
export interface RecordedEvent<T extends string = string, D = unknown> extends NewEvent<T, D> {
  streamId: string;
  /** 1 for the first event of a stream. */
  streamVersion: number;
  position: LogPosition;
  recordedAt: string;
}
