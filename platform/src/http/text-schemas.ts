import { messages } from '@dispo/domain/messages';
import { isLocalDate } from '@dispo/domain/shared/formats';
import { z } from 'zod';

/**
 * A string from a request. PostgreSQL cannot store the NUL character, so it is refused here as an
 * invalid field instead of failing later as a database error.
 */
export const requestText = () => z.string().regex(/^[^\u0000]*$/);

/**
 * An id chosen in a select. A select the user cleared sends '' and means "none", so the decider
 * answers with the spec's "Pflichtfelder" message instead of a type error.
 */
export const selectedId = () =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    requestText().trim().min(1).max(100).nullable(),
  );

/** A business date from a request: `YYYY-MM-DD` and a real calendar day (not 2026-02-30), else 400. */
export const localDateText = () =>
  requestText()
    .regex(/^\d{4}-\d{2}-\d{2}$/, messages.validation.invalidDate)
    .refine(isLocalDate, messages.validation.invalidDate);
