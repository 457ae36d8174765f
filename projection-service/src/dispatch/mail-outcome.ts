import type { SqlExecutor } from '@dispo/events/sql/client';

/**
 * Waits a few seconds for the mail worker to send a tour-plan mail, so that "Dispo abschließen" can
 * say whether the mail went out: true sent, false failed, null still in the outbox (no SMTP, or slow).
 */
export async function tourPlanMailOutcome(sql: SqlExecutor, mailId: string, timeoutMs = 5000): Promise<boolean | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const exists = await sql.query<{ t: string | null }>("SELECT to_regclass('read.mail_outbox')::text AS t");
    if (exists.rows[0]?.t) {
      const { rows } = await sql.query<{ status: string }>('SELECT status FROM read.mail_outbox WHERE mail_id = $1', [mailId]);
      const status = rows[0]?.status;
      if (status === 'sent') return true;
      if (status === 'failed') return false;
    }
    if (Date.now() > deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
