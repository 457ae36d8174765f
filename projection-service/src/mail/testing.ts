import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpPeer {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  /** Every mail accepted so far, parsed. */
  received: ParsedMail[];
  /** Every RCPT TO the peer was asked, in order (accepted or not). */
  recipientsAsked: string[];
  /** Resolves once `count` mails arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

export interface SmtpPeerOptions {
  /**
   * Answers a RCPT TO: undefined accepts; a number refuses with that SMTP code (550 for good, 451 for
   * now). `attempt` counts the times this address was asked, from 1.
   */
  rcpt?: (address: string, attempt: number) => number | undefined;
  /** Listen on this port (e.g. where a server was down); default a free one. */
  port?: number;
}

/**
 * A real SMTP server (the `smtp-server` package) on a random local port, without TLS or login, that
 * keeps what it receives (parsed by mailparser): the other end of the mail worker in tests. For tests
 * only; smtp-server and mailparser are dev dependencies of the repository root.
 */
export async function startSmtpPeer(options: SmtpPeerOptions = {}): Promise<SmtpPeer> {
  const received: ParsedMail[] = [];
  const recipientsAsked: string[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      recipientsAsked.push(address.address);
      const attempt = recipientsAsked.filter((a) => a === address.address).length;
      const code = options.rcpt?.(address.address, attempt);
      if (code === undefined) return callback();
      const error = Object.assign(new Error(code >= 500 ? `Mailbox ${address.address} unavailable` : 'Try again later'), {
        responseCode: code,
      });
      callback(error);
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    recipientsAsked,
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`SMTP peer: ${received.length} of ${count} mails after ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, 200));
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
