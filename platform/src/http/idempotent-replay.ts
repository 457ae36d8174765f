import { messages } from '@dispo/domain/messages';

/**
 * The answer to a keyed request whose write is in the log but whose own answer was never stored (its
 * process died after the append, ADR 0021): it says truthfully that the write was done; the client
 * reads the result as it reads any other state.
 */
export const COMMITTED_STATUS = 200;

export function committedAnswer(): { success: true; message: string } {
  return { success: true, message: messages.http.idempotencyKeyCommitted };
}
