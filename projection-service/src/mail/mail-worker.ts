import { randomUUID } from 'node:crypto';
import { messages } from '@dispo/domain/messages';
import type { SqlClient } from '@dispo/events/sql/client';
import type { NoticeBus } from '@dispo/platform/bus/notice-bus';
import pRetry, { AbortError } from 'p-retry';
import type { Logger } from 'pino';
import { formatLongDateDe, formatIsoDateDe } from '../pdf/format';
import { renderTourPlanPdf, tourPlanFileName } from '../pdf/render-tour-plan-pdf';
import { loadTourPlan } from '../pdf/tour-plan-document';
import { MAIL_NOTICE } from '../projections/mail-outbox';
import { isTransientMailError, type MailTransport, type OutgoingMail } from './transport';

/** What the worker reports for a mail; the shape of RecordTourPlanMailOutcome's outcome. */
export type MailOutcome = { sent: true; messageId: string | null; tourCount: number } | { sent: false; error: string };

/** A requested mail the worker has leased. */
export interface ClaimedMail {
  mailId: string;
  date: string;
  trigger: string;
  recipients: string[];
}

export interface MailWorkerOptions {
  sql: SqlClient;
  /** The worker wakes on the outbox's `requested` notice; without a bus it only polls. */
  bus?: NoticeBus;
  transport: MailTransport;
  /** Sender address (`MAIL_FROM`); default disposition@dispo.example. */
  from?: string;
  /**
   * Records the outcome; wired to `dispatchCommands(…).recordTourPlanMailOutcome(date, mailId,
   * outcome, meta)`. The dispo-day decider records the first outcome of a mail only.
   */
  recordOutcome(date: string, mailId: string, outcome: MailOutcome): Promise<unknown>;
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Safety net besides the notices. Default 5 s. */
  pollIntervalMs?: number;
  /** How long a claimed mail belongs to this worker before another may take it over. Default 10 min. */
  leaseMs?: number;
  /** Further attempts after a transient SMTP failure. Default 3. */
  retries?: number;
  /** First pause between attempts (doubling). Default 2 s. */
  retryDelayMs?: number;
  now?: () => Date;
}

export interface MailWorker {
  readonly workerId: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Claims and sends requested mails until none is left; answers how many it handled. */
  drain(): Promise<number>;
}

const DEFAULT_FROM = 'disposition@dispo.example';
export { DEFAULT_FROM as DEFAULT_MAIL_FROM };

/**
 * Leases the oldest requested mail nobody holds. The row is locked with FOR UPDATE SKIP LOCKED only
 * for this one statement's transaction; the lease written into it (`claimed_by`, `claimed_until`)
 * keeps other workers away while this one sends, so two instances never send one mail twice.
 */
export async function claimNextMail(sql: SqlClient, workerId: string, leaseMs: number): Promise<ClaimedMail | null> {
  return sql.transaction(async (tx) => {
    const { rows } = await tx.query<{ mail_id: string; date: string; trigger: string; recipients: string[] }>(
      `UPDATE read.mail_outbox SET claimed_by = $1, claimed_until = clock_timestamp() + $2 * interval '1 millisecond'
       WHERE mail_id = (
         SELECT mail_id FROM read.mail_outbox
         WHERE status = 'requested' AND (claimed_until IS NULL OR claimed_until < clock_timestamp())
         ORDER BY requested_at, mail_id
         LIMIT 1
         FOR UPDATE SKIP LOCKED)
       RETURNING mail_id, date, trigger, recipients`,
      [workerId, leaseMs],
    );
    const r = rows[0];
    return r ? { mailId: r.mail_id, date: String(r.date), trigger: r.trigger, recipients: r.recipients } : null;
  });
}

/** The tour-plan mail of `date` with its PDF attached. */
export function tourPlanMail(from: string, recipients: string[], date: string, tourCount: number, pdf: Buffer): OutgoingMail {
  return {
    from,
    to: recipients,
    subject: messages.tourPlan.mailSubject(formatIsoDateDe(date)),
    text: messages.tourPlan.mailBody(formatLongDateDe(date), tourCount),
    attachments: [{ filename: tourPlanFileName(date), content: pdf, contentType: 'application/pdf' }],
  };
}

function errorText(error: unknown): string {
  const e = error instanceof AbortError ? error.originalError : error;
  return e instanceof Error ? e.message : String(e);
}

/**
 * The mail outbox worker: takes requested mails from read.mail_outbox, renders the tour plan of
 * their day as it stands, sends it over SMTP (transient failures are tried again a few times) and
 * records sent or failed through `recordOutcome`.
 */
export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const workerId = `mail-worker-${randomUUID()}`;
  const pollIntervalMs = options.pollIntervalMs ?? 5000;
  const leaseMs = options.leaseMs ?? 10 * 60 * 1000;
  const now = options.now ?? (() => new Date());
  const from = options.from || DEFAULT_FROM;
  let stopped = true;
  let timer: NodeJS.Timeout | null = null;
  let unsubscribe: (() => Promise<void>) | null = null;
  let running: Promise<number> | null = null;
  let again = false;
  const abort = new AbortController();

  /** One attempt: the tour plan as it stands now, rendered and handed to the SMTP server. */
  async function attempt(mail: ClaimedMail): Promise<MailOutcome & { sent: true }> {
    // A database hiccup while reading the plan is as passing as a lost connection.
    const plan = await loadTourPlan(options.sql, mail.date);
    const pdf = await renderTourPlanPdf(plan, { now: now() });
    try {
      const info = await options.transport.sendMail(tourPlanMail(from, mail.recipients, mail.date, plan.totals.tours, pdf));
      return { sent: true, messageId: info.messageId ?? null, tourCount: plan.totals.tours };
    } catch (error) {
      throw isTransientMailError(error) ? error : new AbortError(error instanceof Error ? error : String(error));
    }
  }

  async function send(mail: ClaimedMail): Promise<MailOutcome> {
    try {
      return await pRetry(() => attempt(mail), {
        retries: options.retries ?? 3,
        minTimeout: options.retryDelayMs ?? 2000,
        factor: 2,
        signal: abort.signal,
        onFailedAttempt: ({ error, attemptNumber, retriesLeft }) =>
          options.logger?.warn(
            { err: error, mailId: mail.mailId, attemptNumber, retriesLeft },
            'Tourenplan-E-Mail: Versuch fehlgeschlagen',
          ),
      });
    } catch (error) {
      return { sent: false, error: errorText(error) };
    }
  }

  async function handle(mail: ClaimedMail): Promise<void> {
    const outcome = await send(mail);
    if (abort.signal.aborted && !outcome.sent) {
      // Stopped between attempts: give the mail back at once instead of when the lease ends.
      await options.sql
        .query('UPDATE read.mail_outbox SET claimed_by = NULL, claimed_until = NULL WHERE mail_id = $1 AND claimed_by = $2', [
          mail.mailId,
          workerId,
        ])
        .catch(() => undefined);
      return;
    }
    try {
      // The mail is out (or finally refused): keep trying to say so, or it would be sent again once the lease ends.
      await pRetry(() => options.recordOutcome(mail.date, mail.mailId, outcome), { retries: 4, minTimeout: 500 });
      if (outcome.sent) options.logger?.info({ mailId: mail.mailId, date: mail.date }, 'Tourenplan-E-Mail versendet');
      else options.logger?.warn({ mailId: mail.mailId, date: mail.date, error: outcome.error }, messages.dispatch.errors.tourPlanMail);
    } catch (err) {
      options.logger?.error({ err, mailId: mail.mailId }, 'Ergebnis der Tourenplan-E-Mail konnte nicht gespeichert werden');
    }
  }

  async function drainOnce(): Promise<number> {
    let handled = 0;
    while (!abort.signal.aborted) {
      const mail = await claimNextMail(options.sql, workerId, leaseMs);
      if (!mail) break;
      await handle(mail);
      handled++;
    }
    return handled;
  }

  /** One drain at a time; a wake-up during a drain runs another one after it. */
  function drain(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        total += await drainOnce();
      } while (again && !abort.signal.aborted);
      return total;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  function wake(): void {
    drain().catch((err: unknown) => options.logger?.warn({ err }, 'Mail-Outbox konnte nicht gelesen werden'));
  }

  function schedulePoll(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      wake();
      schedulePoll();
    }, pollIntervalMs);
    timer.unref();
  }

  return {
    workerId,
    drain,
    async start() {
      stopped = false;
      if (options.bus) unsubscribe = await options.bus.subscribe(MAIL_NOTICE.requested, wake);
      schedulePoll();
      wake();
    },
    async stop() {
      stopped = true;
      abort.abort();
      if (timer) clearTimeout(timer);
      timer = null;
      await unsubscribe?.();
      unsubscribe = null;
      await running?.catch(() => undefined);
      options.transport.close();
    },
  };
}
