import { randomUUID } from 'node:crypto';
import { messages } from '@dispo/domain/messages';
import type { SqlClient } from '@dispo/events/sql/client';
import type { NoticeBus } from '@dispo/platform/bus/notice-bus';
import pRetry from 'p-retry';
import type { Logger } from 'pino';
import { formatLongDateDe, formatIsoDateDe } from '../pdf/format';
import { renderTourPlanPdf, tourPlanFileName } from '../pdf/render-tour-plan-pdf';
import { loadTourPlan } from '../pdf/tour-plan-document';
import { MAIL_NOTICE, type MailKind } from '../projections/mail-outbox';
import { composeOrderMail, type QueuedOrderMail } from './order-mail';
import { DEFAULT_MAIL_RETRY, type MailRetrySchedule, nextAttemptDelayMs } from './retry-schedule';
import { isTransientMailError, type MailTransport, type OutgoingMail } from './transport';

/** What the worker reports for a mail; the shape of RecordTourPlanMailOutcome's outcome. */
export type MailOutcome = { sent: true; messageId: string | null; tourCount: number } | { sent: false; error: string };

/** What the worker reports for an order mail; the shape of RecordOrderMailOutcome's outcome. */
export type OrderMailOutcome = { sent: true; messageId: string | null; attachmentCount: number } | { sent: false; error: string };

/** A requested mail the worker has leased; order mails carry what the user wrote. */
export interface ClaimedMail {
  mailId: string;
  kind: MailKind;
  date: string;
  trigger: string;
  recipients: string[];
  /** Attempts that failed before this one (the server did not answer). */
  attempts: number;
  requestedAt: Date;
  orderMail?: QueuedOrderMail;
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
  /**
   * Records an order mail's outcome; wired to `orderMailCommands(…).recordOutcome`. Without it the
   * worker leaves order mails in the outbox for a worker that has it.
   */
  recordOrderMailOutcome?(mailId: string, outcome: OrderMailOutcome): Promise<unknown>;
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Safety net besides the notices. Default 5 s. */
  pollIntervalMs?: number;
  /** How long a claimed mail belongs to this worker before another may take it over. Default 10 min. */
  leaseMs?: number;
  /**
   * When a mail is tried again after its server did not answer (see retry-schedule.ts); fields left
   * out keep their default.
   */
  retry?: Partial<MailRetrySchedule>;
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
 * Leases the oldest requested mail nobody holds and whose next attempt is due. The row is locked with
 * FOR UPDATE SKIP LOCKED only for this one statement's transaction; the lease written into it
 * (`claimed_by`, `claimed_until`) keeps other workers away while this one sends, so two instances
 * never send one mail twice. Between attempts `claimed_by` is empty and `claimed_until` is when the
 * next attempt is due.
 */
export async function claimNextMail(
  sql: SqlClient,
  workerId: string,
  leaseMs: number,
  kinds: readonly MailKind[] = ['tour_plan', 'order_mail'],
): Promise<ClaimedMail | null> {
  return sql.transaction(async (tx) => {
    const { rows } = await tx.query<{
      mail_id: string;
      kind: MailKind;
      date: string;
      trigger: string;
      recipients: string[];
      cc: string[];
      subject: string | null;
      body: string | null;
      order_ids: string[];
      include_attachments: boolean;
      attempts: number;
      requested_at: Date | string;
    }>(
      `UPDATE read.mail_outbox SET claimed_by = $1, claimed_until = clock_timestamp() + $2 * interval '1 millisecond'
       WHERE mail_id = (
         SELECT mail_id FROM read.mail_outbox
         WHERE status = 'requested' AND kind = ANY($3::text[]) AND (claimed_until IS NULL OR claimed_until < clock_timestamp())
         ORDER BY requested_at, mail_id
         LIMIT 1
         FOR UPDATE SKIP LOCKED)
       RETURNING mail_id, kind, date::text AS date, trigger, recipients, cc, subject, body, order_ids, include_attachments, attempts, requested_at`,
      [workerId, leaseMs, [...kinds]],
    );
    const r = rows[0];
    if (!r) return null;
    const claimed: ClaimedMail = {
      mailId: r.mail_id,
      kind: r.kind,
      date: String(r.date),
      trigger: r.trigger,
      recipients: r.recipients,
      attempts: Number(r.attempts),
      requestedAt: new Date(r.requested_at),
    };
    if (r.kind === 'order_mail') {
      claimed.orderMail = {
        recipients: r.recipients,
        cc: r.cc,
        subject: r.subject ?? '',
        body: r.body ?? '',
        orderIds: r.order_ids,
        includeAttachments: r.include_attachments,
      };
    }
    return claimed;
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

/** Every addressee refused while copies went out: permanent, not worth another attempt. */
class RecipientsRefused extends Error {
  readonly permanent = true;
  constructor(addresses: string[]) {
    super(`Empfänger abgelehnt: ${addresses.join(', ')}`);
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

type Outcome = { sent: true; messageId: string | null; count: number } | { sent: false; error: string };
type SendResult = Extract<Outcome, { sent: true }> | { sent: false; error: string; transient: boolean };

/**
 * The mail outbox worker: takes requested mails from read.mail_outbox, renders the tour plan of
 * their day as it stands, sends it over SMTP and records sent or failed through `recordOutcome`. A
 * server that does not answer is tried again on the retry schedule, one attempt per lease, until it
 * answers or the attempts run out (then `failed` with a German reason for the admins' outbox and an
 * error log line). Requests never wait for any of this.
 */
export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const workerId = `mail-worker-${randomUUID()}`;
  const pollIntervalMs = options.pollIntervalMs ?? 5000;
  const leaseMs = options.leaseMs ?? 10 * 60 * 1000;
  const now = options.now ?? (() => new Date());
  const from = options.from || DEFAULT_FROM;
  const kinds: MailKind[] = options.recordOrderMailOutcome ? ['tour_plan', 'order_mail'] : ['tour_plan'];
  const schedule: MailRetrySchedule = { ...DEFAULT_MAIL_RETRY, ...options.retry };
  let stopped = true;
  let timer: NodeJS.Timeout | null = null;
  /** A wake-up for the next due attempt when it comes before the next poll. */
  let retryTimer: { at: number; timer: NodeJS.Timeout } | null = null;
  let unsubscribe: (() => Promise<void>) | null = null;
  let running: Promise<number> | null = null;
  let again = false;
  const abort = new AbortController();

  /** The mail as it goes out now: the tour plan as it stands, or the order mail with its orders' PDFs. */
  async function compose(mail: ClaimedMail): Promise<{ outgoing: OutgoingMail; count: number }> {
    if (mail.orderMail) {
      const outgoing = await composeOrderMail(options.sql, from, mail.orderMail, now());
      return { outgoing, count: outgoing.attachments.length };
    }
    const plan = await loadTourPlan(options.sql, mail.date);
    const pdf = await renderTourPlanPdf(plan, { now: now() });
    return { outgoing: tourPlanMail(from, mail.recipients, mail.date, plan.totals.tours, pdf), count: plan.totals.tours };
  }

  /** One attempt: composed afresh (a database hiccup is as passing as a lost connection), then handed to SMTP. */
  async function send(mail: ClaimedMail): Promise<SendResult> {
    try {
      const { outgoing, count } = await compose(mail);
      const info = await options.transport.sendMail(outgoing);
      // The server took the mail for the copies only: for the user it did not reach its recipient.
      const rejected = new Set((info.rejected ?? []).map((r) => String(typeof r === 'object' && r && 'address' in r ? r.address : r).toLowerCase()));
      if (outgoing.to.length > 0 && outgoing.to.every((to) => rejected.has(to.toLowerCase()))) {
        throw new RecipientsRefused(outgoing.to);
      }
      return { sent: true, messageId: info.messageId ?? null, count };
    } catch (error) {
      return { sent: false, error: errorText(error), transient: isTransientMailError(error) };
    }
  }

  /** Wakes when the earliest postponed mail (of any worker) is due, should that come before the next poll. */
  async function wakeForNextAttempt(): Promise<void> {
    if (stopped) return;
    const { rows } = await options.sql.query<{ ms: number | string | null }>(
      `SELECT ceil(extract(epoch FROM min(claimed_until) - clock_timestamp()) * 1000) AS ms FROM read.mail_outbox
       WHERE status = 'requested' AND kind = ANY($1::text[]) AND claimed_by IS NULL AND claimed_until > clock_timestamp()`,
      [kinds],
    );
    const ms = rows[0]?.ms === null || rows[0]?.ms === undefined ? null : Math.max(0, Number(rows[0].ms));
    if (ms === null || ms >= pollIntervalMs || stopped) return;
    const at = Date.now() + ms;
    if (retryTimer && retryTimer.at <= at) return;
    if (retryTimer) clearTimeout(retryTimer.timer);
    const timer = setTimeout(() => {
      retryTimer = null;
      wake();
    }, ms);
    timer.unref();
    retryTimer = { at, timer };
  }

  /**
   * The server did not answer: give the mail back with its next attempt's time, so that no worker
   * holds it meanwhile and whichever worker is free then (here or in another process) tries it.
   * Answers false when the schedule is used up.
   */
  async function postpone(mail: ClaimedMail, error: string): Promise<boolean> {
    const failed = mail.attempts + 1;
    const delay = nextAttemptDelayMs(schedule, failed, now().getTime() - mail.requestedAt.getTime());
    // Given up, the worker keeps its lease until the failure is recorded; the count still shows.
    await pRetry(
      () =>
        options.sql.query(
          `UPDATE read.mail_outbox SET attempts = $3, last_error = $4,
             claimed_by = CASE WHEN $5::float8 IS NULL THEN claimed_by END,
             claimed_until = CASE WHEN $5::float8 IS NULL THEN claimed_until ELSE clock_timestamp() + $5::float8 * interval '1 millisecond' END
           WHERE mail_id = $1 AND claimed_by = $2`,
          [mail.mailId, workerId, failed, error, delay],
        ),
      { retries: 4, minTimeout: 500 },
    );
    if (delay === null) return false;
    options.logger?.warn(
      { mailId: mail.mailId, date: mail.date, attempts: failed, retryInMs: delay, error },
      'E-Mail: Mailserver nicht erreichbar, wird erneut versucht',
    );
    return true;
  }

  function record(mail: ClaimedMail, outcome: Outcome): Promise<unknown> {
    if (mail.kind === 'order_mail') {
      return options.recordOrderMailOutcome!(
        mail.mailId,
        outcome.sent ? { sent: true, messageId: outcome.messageId, attachmentCount: outcome.count } : outcome,
      );
    }
    return options.recordOutcome(mail.date, mail.mailId, outcome.sent ? { sent: true, messageId: outcome.messageId, tourCount: outcome.count } : outcome);
  }

  async function handle(mail: ClaimedMail): Promise<void> {
    const result = await send(mail);
    const gaveUp = !result.sent && result.transient;
    if (!result.sent && result.transient) {
      try {
        if (await postpone(mail, result.error)) return;
      } catch (err) {
        // The lease ends in time and another attempt follows then.
        options.logger?.error({ err, mailId: mail.mailId }, 'E-Mail: nächster Versuch konnte nicht geplant werden');
        return;
      }
    }
    const outcome: Outcome = result.sent
      ? result
      : { sent: false, error: gaveUp ? messages.mailDelivery.gaveUp(mail.attempts + 1, result.error) : result.error };
    try {
      // The mail is out (or finally refused): keep trying to say so, or it would be sent again once the lease ends.
      await pRetry(() => record(mail, outcome), { retries: 4, minTimeout: 500 });
      const what = mail.kind === 'order_mail' ? 'Auftrags-E-Mail' : 'Tourenplan-E-Mail';
      if (outcome.sent) options.logger?.info({ mailId: mail.mailId, date: mail.date }, `${what} versendet`);
      // Given up on a server that never answered: the admins must look (the outbox shows the reason).
      else if (gaveUp) options.logger?.error({ mailId: mail.mailId, date: mail.date, error: outcome.error }, `${what} konnte nicht versendet werden`);
      else options.logger?.warn({ mailId: mail.mailId, date: mail.date, error: outcome.error }, `${what} konnte nicht versendet werden`);
    } catch (err) {
      options.logger?.error({ err, mailId: mail.mailId }, 'Ergebnis der E-Mail konnte nicht gespeichert werden');
    }
  }

  async function drainOnce(): Promise<number> {
    let handled = 0;
    while (!abort.signal.aborted) {
      const mail = await claimNextMail(options.sql, workerId, leaseMs, kinds);
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
      await wakeForNextAttempt();
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
      if (options.bus) {
        const off = await Promise.all([MAIL_NOTICE.requested, MAIL_NOTICE.orderMailRequested].map((subject) => options.bus!.subscribe(subject, wake)));
        unsubscribe = async () => {
          await Promise.all(off.map((stop) => stop()));
        };
      }
      schedulePoll();
      wake();
    },
    async stop() {
      stopped = true;
      abort.abort();
      if (timer) clearTimeout(timer);
      timer = null;
      if (retryTimer) clearTimeout(retryTimer.timer);
      retryTimer = null;
      await unsubscribe?.();
      unsubscribe = null;
      await running?.catch(() => undefined);
      options.transport.close();
    },
  };
}
