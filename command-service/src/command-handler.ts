import { randomUUID } from 'node:crypto';
import { type Decider, fold } from '@dispo/domain/decider';
import { messages } from '@dispo/domain/messages';
import { type DomainEventShape, LOG_START, type LogPosition, type NewEvent } from '@dispo/events/envelope';
import type { EventRegistry } from '@dispo/events/registry';
import { WrongExpectedVersionError } from '@dispo/events/store/errors';
import type { EventStore, ExpectedVersion, StreamWrite } from '@dispo/events/store/port';
import { HttpError } from '@dispo/platform/http/errors';
import { pendingIdempotentWrite } from '@dispo/platform/http/idempotency';

/** Who issues a command, and when, for the events' metadata. */
export interface CommandMeta {
  userId: string | null;
  commandName: string;
  correlationId?: string;
  /**
   * The instant the command is issued: the server's clock unless given. Only the demo seed gives it,
   * replaying the weeks before today; routes never take it from a request.
   */
  at?: Date;
}

/** The instant of a command as the events record it (ISO 8601). */
export function commandTime(meta: Pick<CommandMeta, 'at'>): string {
  return (meta.at ?? new Date()).toISOString();
}

export interface Loaded<S> {
  state: S;
  /** The version to expect when appending to this stream. */
  version: ExpectedVersion;
}

export interface Decision {
  streamId: string;
  expectedVersion: ExpectedVersion;
  events: readonly DomainEventShape[];
}

/** Reads a stream and folds it through the decider. */
export async function loadAggregate<S, E>(
  store: EventStore,
  decider: Pick<Decider<unknown, S, E>, 'initialState' | 'evolve'>,
  streamId: string,
): Promise<Loaded<S>> {
  const events = await store.readStream(streamId);
  const last = events[events.length - 1];
  return { state: fold(decider, events as unknown as E[]), version: last ? last.streamVersion : 'no_stream' };
}

export function envelope(registry: EventRegistry, meta: CommandMeta, correlationId: string, event: DomainEventShape): NewEvent {
  return {
    eventId: randomUUID(),
    type: event.type,
    schemaVersion: registry.currentVersion(event.type),
    data: event.data,
    metadata: {
      userId: meta.userId,
      correlationId,
      causationId: null,
      occurredAt: commandTime(meta),
      commandName: meta.commandName,
    },
  };
}

/**
 * Appends the decisions' events in one atomic append, together with `checks`: writes without events
 * that hold the records a decision relied on to the versions it saw (a conflict if one changed since).
 * Throws WrongExpectedVersionError on a conflict.
 */
export async function appendDecisions(
  store: EventStore,
  registry: EventRegistry,
  meta: CommandMeta & { correlationId: string },
  decisions: readonly Decision[],
  checks: readonly Decision[] = [],
): Promise<LogPosition> {
  const writes: StreamWrite[] = [...decisions, ...checks].map((d) => ({
    streamId: d.streamId,
    expectedVersion: d.expectedVersion,
    events: d.events.map((e) => envelope(registry, meta, meta.correlationId, e)),
  }));
  // A keyed request's first append names the key in its first event: the log's record that it committed (ADR 0021).
  const keyed = pendingIdempotentWrite();
  const first = writes.find((w) => w.events.length > 0)?.events[0];
  if (keyed && first) first.metadata = { ...first.metadata, idempotencyKey: keyed.key };
  const result =
    writes.length === 1
      ? await store.append(writes[0]!.streamId, writes[0]!.expectedVersion, writes[0]!.events)
      : await store.appendMany(writes);
  if (first) keyed?.appended();
  return result.position;
}

/**
 * load → decide → append with the expected versions. `attempt` loads what it needs and returns the
 * decision; on a concurrency conflict it runs once more on fresh state, then the client gets 409.
 * Streams are read before the append transaction begins (see ARCHITECTURE.md).
 */
export async function executeCommand(
  store: EventStore,
  registry: EventRegistry,
  meta: CommandMeta,
  attempt: () => Promise<readonly Decision[]>,
): Promise<{ position: LogPosition; decisions: readonly Decision[] }> {
  const correlationId = meta.correlationId ?? randomUUID();
  for (let round = 0; ; round++) {
    const decisions = (await attempt()).filter((d) => d.events.length > 0);
    if (decisions.length === 0) return { position: LOG_START, decisions };
    try {
      const position = await appendDecisions(store, registry, { ...meta, correlationId }, decisions);
      return { position, decisions };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      if (round >= 1) throw new HttpError(409, messages.http.conflict);
    }
  }
}

/** The common case: one aggregate, one stream. `command` may depend on what was loaded. */
export function decideOn<C, S, E extends DomainEventShape>(
  ctx: { store: EventStore; registry: EventRegistry },
  meta: CommandMeta,
  streamId: string,
  decider: Decider<C, S, E>,
  command: C | (() => Promise<C>),
): Promise<{ position: LogPosition; decisions: readonly Decision[] }> {
  return executeCommand(ctx.store, ctx.registry, meta, async () => {
    const { state, version } = await loadAggregate(ctx.store, decider, streamId);
    const cmd = typeof command === 'function' ? await (command as () => Promise<C>)() : command;
    return [{ streamId, expectedVersion: version, events: decider.decide(cmd, state) }];
  });
}
