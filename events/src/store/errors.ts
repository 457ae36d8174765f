/** Optimistic concurrency failed: the stream is not at the expected version. */
export class WrongExpectedVersionError extends Error {
  override readonly name = 'WrongExpectedVersionError';
  constructor(
    readonly streamId: string,
    readonly expected: number | 'no_stream' | 'any',
    readonly actual: number | null,
  ) {
    super(`Stream ${streamId}: expected version ${String(expected)}, actual ${String(actual)}`);
  }
}

/** An event failed its zod schema on append or on read. */
export class InvalidEventError extends Error {
  override readonly name = 'InvalidEventError';
  constructor(
    readonly eventType: string,
    readonly issues: unknown,
  ) {
    super(`Invalid event ${eventType}`);
  }
}

/**
 * Some of the event ids of a write already exist, but not as exactly this write (a retried command
 * repeats every id in the same streams). Either ids were reused or two different writes share ids.
 */
export class EventIdConflictError extends Error {
  override readonly name = 'EventIdConflictError';
  constructor(readonly eventIds: string[]) {
    super(`Event ids already used by a different write: ${eventIds.join(', ')}`);
  }
}

/**
 * The write of this Idempotency-Key is in the log already (ADR 0021): an earlier attempt of the same
 * request committed it, so this one wrote nothing.
 */
export class IdempotentWriteExistsError extends Error {
  override readonly name = 'IdempotentWriteExistsError';
  constructor(readonly idempotencyKey: string) {
    super(`The write of idempotency key ${idempotencyKey} is already in the log`);
  }
}

/**
 * A multi-stream append on a store without cross-stream transactions (EventStoreDB) failed after the
 * first streams were written. Retrying the same command with the same event ids completes it.
 */
export class PartialAppendError extends Error {
  override readonly name = 'PartialAppendError';
  constructor(
    readonly writtenStreams: string[],
    readonly failedStream: string,
    override readonly cause: unknown,
  ) {
    super(`Append to ${failedStream} failed after ${writtenStreams.join(', ')} had been written`);
  }
}
