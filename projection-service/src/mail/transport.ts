import nodemailer from 'nodemailer';

/** A mail as the worker hands it to the transport. */
export interface OutgoingMail {
  from: string;
  to: string[];
  cc?: string[];
  subject: string;
  text: string;
  attachments: { filename: string; content: Buffer; contentType: string }[];
}

/** What the mail worker needs of an SMTP transport (nodemailer's Mail satisfies it). */
export interface MailTransport {
  sendMail(mail: OutgoingMail): Promise<{ messageId?: string; accepted?: unknown[]; rejected?: unknown[] }>;
  close(): void;
}

/**
 * A nodemailer SMTP transport from `SMTP_URL`, e.g. `smtp://user:pass@mail.example:587` or
 * `smtps://…:465` (options such as `?tls.rejectUnauthorized=false` in the query, as nodemailer reads
 * them). Waits are bounded, so a dead server fails the attempt instead of hanging the worker.
 */
export function createMailTransport(smtpUrl: string): MailTransport {
  return nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 });
}

/**
 * Whether sending again may succeed: a connection failure, a timeout or a 4xx answer may; a
 * permanent rejection (5xx, e.g. every recipient refused) or a broken configuration will not.
 */
export function isTransientMailError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const e = error as Error & { permanent?: boolean; code?: string; responseCode?: number };
  if (e.permanent === true) return false;
  if (e.code === 'ECONFIG') return false;
  if (typeof e.responseCode === 'number') return e.responseCode < 500 || e.responseCode === 503;
  return true;
}
