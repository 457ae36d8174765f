import type { z } from 'zod';
import { InvalidEventError } from './store/errors';

/** Turns the data of schema version `n` into the data of version `n + 1`. */
export type Upcaster = (data: unknown) => unknown;

export interface EventDefinition<T extends string = string, S extends z.ZodType = z.ZodType> {
  type: T;
  /** The current schema version; `schema` describes it. */
  schemaVersion: number;
  schema: S;
  /** upcasters[n] lifts version n to n + 1, for every n below schemaVersion that was ever written. */
  upcasters?: Record<number, Upcaster>;
}

export function defineEvent<T extends string, S extends z.ZodType>(definition: EventDefinition<T, S>): EventDefinition<T, S> {
  return definition;
}

/** The event type union of a list of definitions: `{ type, data }` pairs. */
export type EventOf<D extends EventDefinition> = D extends EventDefinition<infer T, infer S> ? { type: T; data: z.infer<S> } : never;

/** Validates events on append and on read; lifts old schema versions to the current one. */
export class EventRegistry {
  private readonly definitions = new Map<string, EventDefinition>();

  constructor(definitions: readonly EventDefinition[] = []) {
    for (const d of definitions) this.register(d);
  }

  register(definition: EventDefinition): void {
    if (this.definitions.has(definition.type)) throw new Error(`Event type registered twice: ${definition.type}`);
    this.definitions.set(definition.type, definition);
  }

  has(type: string): boolean {
    return this.definitions.has(type);
  }

  currentVersion(type: string): number {
    return this.get(type).schemaVersion;
  }

  /** Validates data written now (must be the current schema version); returns the parsed data. */
  validateForAppend(type: string, schemaVersion: number, data: unknown): unknown {
    const def = this.get(type);
    if (schemaVersion !== def.schemaVersion) {
      throw new InvalidEventError(type, `schemaVersion ${schemaVersion} is not the current ${def.schemaVersion}`);
    }
    return this.parse(def, data);
  }

  /** Lifts stored data to the current version through the upcaster chain, then validates it. */
  upcast(type: string, schemaVersion: number, data: unknown): { schemaVersion: number; data: unknown } {
    const def = this.get(type);
    let current = data;
    for (let v = schemaVersion; v < def.schemaVersion; v++) {
      const up = def.upcasters?.[v];
      if (!up) throw new InvalidEventError(type, `no upcaster from schema version ${v}`);
      current = up(current);
    }
    return { schemaVersion: def.schemaVersion, data: this.parse(def, current) };
  }

  /**
   * Like `upcast`, for the global log's readers (projections): an event that does not pass (written
   * past the store, or a schema made stricter) comes back with `data` that throws its InvalidEventError
   * on first use. A projection that ignores the event type passes it; one that reads it fails on it
   * alone and is parked (runner.ts) instead of the whole log stopping at it.
   */
  upcastOrDefer(type: string, schemaVersion: number, data: unknown): { schemaVersion: number; data: unknown } {
    try {
      return this.upcast(type, schemaVersion, data);
    } catch (error) {
      if (!(error instanceof InvalidEventError)) throw error;
      const fail = (): never => {
        throw error;
      };
      return { schemaVersion, data: new Proxy({}, { get: fail, has: fail, ownKeys: fail, getOwnPropertyDescriptor: fail }) };
    }
  }

  /**
   * Like `upcast`, for readers that trust the log: data of the current version was validated when it
   * was appended and is returned as stored; only data lifted by upcasters is validated (the audit
   * replays long streams, where parsing every event again would cost most of the time).
   */
  liftStored(type: string, schemaVersion: number, data: unknown): { schemaVersion: number; data: unknown } {
    const def = this.get(type);
    return schemaVersion === def.schemaVersion ? { schemaVersion, data } : this.upcast(type, schemaVersion, data);
  }

  private parse(def: EventDefinition, data: unknown): unknown {
    const result = def.schema.safeParse(data);
    if (!result.success) throw new InvalidEventError(def.type, result.error.issues);
    return result.data;
  }

  private get(type: string): EventDefinition {
    const def = this.definitions.get(type);
    if (!def) throw new InvalidEventError(type, 'unknown event type');
    return def;
  }
}
