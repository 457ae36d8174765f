import { randomUUID } from 'node:crypto';
import { messages } from '@dispo/domain/messages';
import type { SqlClient } from '@dispo/events/sql/client';
import type { NoticeBus } from '@dispo/platform/bus/notice-bus';
import pRetry, { AbortError } from 'p-retry';
import type { Logger } from 'pino';
import { formatLongDateDe, formatIsoDateDe } from '../pdf/format';
import { renderTourPlanPdf, tourPlanFileName } from '../pdf/render-tour-plan-pdf';
import { loadTourPlan } from '../pdf/tour-plan-document';
import { MAIL_NOTICE, type MailKind } from '../projections/mail-outbox';
import { composeOrderMail, type QueuedOrderMail } from './order-mail';
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
    }>(
      `UPDATE read.mail_outbox SET claimed_by = $1, claimed_until = clock_timestamp() + $2 * interval '1 millisecond'
       WHERE mail_id = (
         SELECT mail_id FROM read.mail_outbox
         WHERE status = 'requested' AND kind = ANY($3::text[]) AND (claimed_until IS NULL OR claimed_until < clock_timestamp())
         ORDER BY requested_at, mail_id
         LIMIT 1
         FOR UPDATE SKIP LOCKED)
       RETURNING mail_id, kind, date::text AS date, trigger, recipients, cc, subject, body, order_ids, include_attachments`,
      [workerId, leaseMs, [...kinds]],
    );
    const r = rows[0];
    if (!r) return null;
    const claimed: ClaimedMail = { mailId: r.mail_id, kind: r.kind, date: String(r.date), trigger: r.trigger, recipients: r.recipients };
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
  const kinds: MailKind[] = options.recordOrderMailOutcome ? ['tour_plan', 'order_mail'] : ['tour_plan'];
  let stopped = true;
  let timer: NodeJS.Timeout | null = null;
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
  async function attempt(mail: ClaimedMail): Promise<{ messageId: string | null; count: number }> {
    const { outgoing, count } = await compose(mail);
    try {
      const info = await options.transport.sendMail(outgoing);
      // The server took the mail for the copies only: for the user it did not reach its recipient.
      const rejected = new Set((info.rejected ?? []).map((r) => String(typeof r === 'object' && r && 'address' in r ? r.address : r).toLowerCase()));
      if (outgoing.to.length > 0 && outgoing.to.every((to) => rejected.has(to.toLowerCase()))) {
        throw new RecipientsRefused(outgoing.to);
      }
      return { messageId: info.messageId ?? null, count };
    } catch (error) {
      throw isTransientMailError(error) ? error : new AbortError(error instanceof Error ? error : String(error));
    }
  }

  async function send(mail: ClaimedMail): Promise<{ sent: true; messageId: string | null; count: number } | { sent: false; error: string }> {
    try {
      const done = await pRetry(() => attempt(mail), {
        retries: options.retries ?? 3,
        minTimeout: options.retryDelayMs ?? 2000,
        factor: 2,
        signal: abort.signal,
        onFailedAttempt: ({ error, attemptNumber, retriesLeft }) =>
          options.logger?.warn(
            { err: error, mailId: mail.mailId, attemptNumber, retriesLeft },
            'E-Mail: Versuch fehlgeschlagen',
          ),
      });
      return { sent: true, ...done };
    } catch (error) {
      return { sent: false, error: errorText(error) };
    }
  }

  function record(mail: ClaimedMail, outcome: Awaited<ReturnType<typeof send>>): Promise<unknown> {
    if (mail.kind === 'order_mail') {
      return options.recordOrderMailOutcome!(
        mail.mailId,
        outcome.sent ? { sent: true, messageId: outcome.messageId, attachmentCount: outcome.count } : outcome,
      );
    }
    return options.recordOutcome(mail.date, mail.mailId, outcome.sent ? { sent: true, messageId: outcome.messageId, tourCount: outcome.count } : outcome);
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
      await pRetry(() => record(mail, outcome), { retries: 4, minTimeout: 500 });
      const what = mail.kind === 'order_mail' ? 'Auftrags-E-Mail' : 'Tourenplan-E-Mail';
      if (outcome.sent) options.logger?.info({ mailId: mail.mailId, date: mail.date }, `${what} versendet`);
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
      await unsubscribe?.();
      unsubscribe = null;
      await running?.catch(() => undefined);
      options.transport.close();
    },
  };
}
