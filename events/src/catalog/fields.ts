import { z } from 'zod';

/**
 * Building blocks shared by the event schemas. They check what a projection relies on: the shape,
 * and that a value means what its type says (a real calendar date, not 2026-02-30), so no event
 * that a projection cannot apply is ever appended. Business rules ("from before to") are the domain's.
 */

/** Ids are chosen by the product (uuids in practice); the log only needs them non-empty. */
export const idSchema = z.string().min(1);

/** `YYYY-MM-DD` names a day of the calendar (2026-02-30 and 2026-13-01 do not). */
function isCalendarDate(value: string): boolean {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A local business date of Europe/Berlin, `YYYY-MM-DD`, and a real one. */
export const localDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD')
  .refine(isCalendarDate, 'expected a calendar date');

/** A local time of day, `HH:MM` (24 h). */
export const clockTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected HH:MM');

/** An instant, ISO 8601 with offset (`new Date().toISOString()` qualifies). */
export const timestampSchema = z.iso.datetime({ offset: true });

/** A free text the user may leave empty: stored as null rather than as an empty string. */
export const optionalTextSchema = z.string().min(1).nullable();

/** A required, non-empty text. */
export const requiredTextSchema = z.string().min(1);

/**
 * The name of master data (customer, material, plant, loading point). The orders' search text joins
 * four such names and rides in a btree index (`orders_plant_status_list_idx`), whose entries must stay
 * under 2.7 kB even in four-byte characters: a longer name would stop the orders projection.
 */
export const MAX_NAME_LENGTH = 120;
export const nameSchema = z.string().min(1).max(MAX_NAME_LENGTH);

/** Who did something: a user id, or null for the system (the demo seed, scheduled jobs). */
export const performerIdSchema = idSchema.nullable();

/**
 * Numbers as the read tables store them: integers in PostgreSQL's integer range, amounts (tonnes,
 * kilograms, km, euros) within numeric(14,3). A larger value would pass zod and fail the projection.
 */
export const MAX_AMOUNT = 1_000_000_000;
const MAX_INT4 = 2_147_483_647;
export const intSchema = z.number().int().min(-MAX_INT4).max(MAX_INT4);
export const countSchema = z.number().int().nonnegative().max(MAX_INT4);
export const positiveCountSchema = z.number().int().positive().max(MAX_INT4);
/** Any finite amount within ±MAX_AMOUNT. */
export const amountSchema = z.number().finite().min(-MAX_AMOUNT).max(MAX_AMOUNT);
