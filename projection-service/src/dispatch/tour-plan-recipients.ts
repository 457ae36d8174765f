import type { SqlExecutor } from '@dispo/events/sql/client';

/**
 * Who gets the tour plan when nobody is named (the spec leaves recipients open): the addresses of
 * `TOUR_PLAN_RECIPIENTS` (comma list) when configured, else every user with the dispatcher role.
 */
export async function tourPlanRecipients(sql: SqlExecutor, configured = process.env.TOUR_PLAN_RECIPIENTS): Promise<string[]> {
  const fromConfig = (configured ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter((a) => a !== '');
  if (fromConfig.length > 0) return fromConfig;
  const { rows } = await sql.query<{ email: string }>("SELECT email FROM read.users WHERE 'dispatcher' = ANY(roles) ORDER BY email");
  return rows.map((r) => r.email);
}
