import { DomainError } from '@dispo/domain/decider';
import { isAfter, LOG_START, type LogPosition } from '@dispo/events/envelope';
import { HttpError } from '@dispo/platform/http/errors';

export interface EachOrderResult {
  /** The latest position written, for read-your-writes. */
  position: LogPosition;
  /** Orders that changed. */
  done: number;
  /** Refused orders, each with its German reason. */
  failed: { id: string; orderNumber: string | null; error: string }[];
}

/**
 * A command for each of a selection of orders: each is its own decision under the same rules as a
 * single one; a refusal does not stop the others and is reported with its reason.
 */
export async function eachOrder(
  orderIds: readonly string[],
  run: (orderId: string) => Promise<{ position: LogPosition; decisions: readonly unknown[] }>,
  orderNumberOf: (orderId: string) => Promise<string | null>,
): Promise<EachOrderResult> {
  let position: LogPosition = LOG_START;
  let done = 0;
  const failed: EachOrderResult['failed'] = [];
  for (const orderId of new Set(orderIds)) {
    try {
      const result = await run(orderId);
      if (result.decisions.length > 0) {
        done += 1;
        if (isAfter(result.position, position)) position = result.position;
      }
    } catch (error) {
      if (!(error instanceof DomainError) && !(error instanceof HttpError)) throw error;
      failed.push({ id: orderId, orderNumber: await orderNumberOf(orderId), error: error.message });
    }
  }
  return { position, done, failed };
}
