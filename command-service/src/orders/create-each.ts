import { DomainError } from '@dispo/domain/decider';
import { messages } from '@dispo/domain/messages';
import { isAfter, LOG_START, type LogPosition } from '@dispo/events/envelope';
import { HttpError } from '@dispo/platform/http/errors';

export interface CreateFailure {
  /** Position of the item in the request. */
  index: number;
  error: string;
}

/**
 * Creates one order per item; a refused item does not stop the others (§8.4: "{n} Aufträge
 * erfolgreich erstellt ({m} fehlgeschlagen)."). When every item is refused: that refusal as it is
 * when all share one reason (its status, its fields), else "Alle Aufträge konnten nicht erstellt werden"
 * with each failure.
 */
export async function createEach<T>(
  items: readonly T[],
  create: (item: T, index: number) => Promise<{ orderId: string; position: LogPosition }>,
  failureOf: (item: T, index: number, error: string) => CreateFailure = (_item, index, error) => ({ index, error }),
): Promise<{ created: string[]; failures: CreateFailure[]; position: LogPosition }> {
  const created: string[] = [];
  const failures: CreateFailure[] = [];
  const errors: (DomainError | HttpError)[] = [];
  let position: LogPosition = LOG_START;
  for (const [index, item] of items.entries()) {
    try {
      const result = await create(item, index);
      created.push(result.orderId);
      if (isAfter(result.position, position)) position = result.position;
    } catch (error) {
      if (!(error instanceof DomainError) && !(error instanceof HttpError)) throw error;
      failures.push(failureOf(item, index, error.message));
      errors.push(error);
    }
  }
  if (created.length === 0) {
    if (new Set(errors.map((e) => e.message)).size === 1) throw errors[0]!;
    throw new HttpError(400, messages.errors.createAllOrders, { failures });
  }
  return { created, failures, position };
}

/**
 * The 201 answer of a batch create, once the projections have the orders: each as GET /api/orders/:id
 * shows it, the failures, and `allCreated` or §8.4's partial message.
 */
export async function createdAnswer(
  opts: { waitForProjections(position: LogPosition): Promise<boolean>; readNewOrder(id: string): Promise<unknown> },
  result: { created: string[]; failures: CreateFailure[]; position: LogPosition },
  allCreated: string,
) {
  const { created, failures, position } = result;
  await opts.waitForProjections(position);
  const orders = await Promise.all(created.map((orderId) => opts.readNewOrder(orderId)));
  return {
    success: true as const,
    created: created.length,
    failed: failures.length,
    message: failures.length > 0 ? messages.success.partiallyCreated(created.length, failures.length) : allCreated,
    // Not yet in the read model (it did not catch up in time): the id, as the command knows it.
    orders: orders.map((order, i) => order ?? { id: created[i], pending: true }),
    failures,
  };
}
