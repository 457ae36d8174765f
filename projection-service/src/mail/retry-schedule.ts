/**
 * When the outbox tries a mail again whose SMTP server did not answer (connection refused, timeout,
 * 4xx). The schedule lives in the outbox row (`attempts`, `claimed_until`) rather than in a retry loop
 * of the process, so a restart or another instance continues it and no worker holds a mail while it
 * waits. p-retry (a dependency) runs a loop inside one call and so does not fit; the schedule is small.
 */
export interface MailRetrySchedule {
  /** Pause after the first failed attempt; each further one doubles it. */
  firstDelayMs: number;
  /** The pause never grows beyond this. */
  maxDelayMs: number;
  /** Attempts in all; after the last one fails the mail is `failed`. */
  maxAttempts: number;
  /** No attempt is started once the mail has waited this long since it was requested. */
  maxAgeMs: number;
}

/**
 * 10 s, 20 s, 40 s, … up to 15 min between attempts, at most 20 attempts (about 3½ hours) and never
 * beyond a day: a server back within hours gets the mail; after that a person must look (admin notice).
 */
export const DEFAULT_MAIL_RETRY: MailRetrySchedule = {
  firstDelayMs: 10_000,
  maxDelayMs: 15 * 60_000,
  maxAttempts: 20,
  maxAgeMs: 24 * 60 * 60_000,
};

/**
 * The pause before the next attempt after `failedAttempts` attempts (1, 2, …) failed, for a mail
 * requested `ageMs` ago; null: the attempts or the age are used up, give up.
 */
export function nextAttemptDelayMs(schedule: MailRetrySchedule, failedAttempts: number, ageMs: number): number | null {
  if (failedAttempts >= schedule.maxAttempts) return null;
  const delay = Math.min(schedule.maxDelayMs, schedule.firstDelayMs * 2 ** Math.max(0, failedAttempts - 1));
  if (ageMs + delay > schedule.maxAgeMs) return null;
  return delay;
}
