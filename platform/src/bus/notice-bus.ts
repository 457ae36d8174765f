/**
 * Notices tell gateways that read models changed (`dispo.<area>.<event>`). They are hints for live
 * updates, not the source of truth: a lost notice costs a refresh, never data.
 */
export interface Notice {
  subject: string;
  payload: unknown;
}

export type NoticeHandler = (notice: Notice) => void;

export interface NoticeBus {
  readonly kind: 'in-process' | 'nats';
  publish(notices: readonly Notice[]): Promise<void>;
  /** `pattern` uses NATS syntax: `*` one token, `>` the rest (e.g. `dispo.>`). */
  subscribe(pattern: string, handler: NoticeHandler): Promise<() => Promise<void>>;
  /** Throws when the bus is not usable (for /api/health). */
  ping(): Promise<void>;
  /** Whether the bus is connected, and since when it is not. */
  state(): { connected: boolean; downSince: string | null };
  /**
   * Runs `listener` each time the bus (re)connects after being away: notices of that time are lost,
   * so gateways tell their clients to refetch. Returns the function that stops listening.
   */
  onResync(listener: () => void): () => void;
  close(): Promise<void>;
}

/** NATS subject matching, so the in-process bus behaves like the real one. */
export function subjectMatches(pattern: string, subject: string): boolean {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return s.length > i;
    if (i >= s.length) return false;
    if (p[i] !== '*' && p[i] !== s[i]) return false;
  }
  return p.length === s.length;
}
