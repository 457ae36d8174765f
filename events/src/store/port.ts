import type { LogPosition, NewEvent, RecordedEvent } from '../envelope';

/**
 * Expected version of a stream before an append:
 * - 'no_stream': the stream must not exist yet,
 * - 'any': no check (a per-stream lock keeps the versions gap-free),
 * - a number: the stream's last event must have exactly this version (1-based).
 */
export type ExpectedVersion = 'no_stream' | 'any' | number;

export interface StreamWrite {
  streamId: string;
  expectedVersion: ExpectedVersion;
  events: NewEvent[];
}

export interface AppendResult {
  /** Stream version after the append (the version of its last event). */
  streams: { streamId: string; version: number }[];
  /** Position of the last event written (or, for a fully idempotent retry, of the last existing one). */
  position: LogPosition;
}

export interface ReadAllOptions {
  /** Maximum number of events in one batch (default 500). */
  batchSize?: number;
}

export interface EventStore {
  /** Atomic append to one stream. */
  append(streamId: string, expectedVersion: ExpectedVersion, events: NewEvent[]): Promise<AppendResult>;
  /** Atomic append to several streams: all or nothing. */
  appendMany(writes: StreamWrite[]): Promise<AppendResult>;
  /** Events of one stream in version order, optionally from a version on (inclusive). */
  readStream(streamId: string, options?: { fromVersion?: number }): Promise<RecordedEvent[]>;
  /**
   * The next batch of the global log strictly after `after`, in (transactionId, globalPosition) order,
   * containing only events that no still-running transaction can precede.
   */
  readAll(after: LogPosition, options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /**
   * The position of the write whose first event carries this idempotency key in its metadata, or null
   * if none committed (ADR 0021). Stores that cannot look it up leave it out.
   */
  findIdempotentWrite?(idempotencyKey: string): Promise<LogPosition | null>;
  /** Live tail: `onAppend` is called (debounced by the adapter) whenever new events may be readable. */
  subscribe(onAppend: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
