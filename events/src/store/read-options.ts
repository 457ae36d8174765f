import type { ReadAllOptions } from './port';

export const DEFAULT_BATCH_SIZE = 500;

/** A batch size of 0 would look like the end of the log to a consumer, so only positive integers pass. */
export function batchSizeOf(options: ReadAllOptions): number {
  const size = options.batchSize ?? DEFAULT_BATCH_SIZE;
  if (!Number.isInteger(size) || size < 1) throw new Error(`batchSize must be a positive integer, got ${size}`);
  return size;
}
