import { messages } from '@dispo/domain/messages';
import { isLocalDate } from '@dispo/domain/shared/formats';
import { requestText } from '@dispo/platform/http/text-schemas';

/** A business date in a query string: YYYY-MM-DD and a real calendar day (not 2026-02-30). */
export const localDateQuery = requestText()
  .regex(/^\d{4}-\d{2}-\d{2}$/, messages.validation.invalidDate)
  .refine(isLocalDate, messages.validation.invalidDate);
