import { z } from 'zod';

/**
 * Building blocks shared by the event schemas. They check structure only (the shape a projection
 * relies on); business rules such as "a real calendar date" or "from before to" are the domain's.
 */

/** Ids are chosen by the product (uuids in practice); the log only needs them non-empty. */
export const idSchema = z.string().min(1);

/** A local business date of Europe/Berlin, `YYYY-MM-DD`. */
export const localDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD');

/** A local time of day, `HH:MM` (24 h). */
export const clockTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected HH:MM');

/** An instant, ISO 8601 with offset (`new Date().toISOString()` qualifies). */
export const timestampSchema = z.iso.datetime({ offset: true });

/** A free text the user may leave empty: stored as null rather than as an empty string. */
export const optionalTextSchema = z.string().min(1).nullable();

/** A required, non-empty text. */
export const requiredTextSchema = z.string().min(1);

/** Who did something: a user id, or null for the system (the demo seed, scheduled jobs). */
export const performerIdSchema = idSchema.nullable();
