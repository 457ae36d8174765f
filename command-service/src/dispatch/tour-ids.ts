import { createHash, randomInt } from 'node:crypto';

/**
 * The id of the tour that starts at a vehicle, day and time. Derived, not looked up: two dispatchers
 * dropping onto the same empty slot at once both aim at the same new stream, so one tour results
 * (the second append conflicts and joins). `generation` skips a tour that was moved away or
 * dissolved, whose stream keeps the id.
 */
export function slotTourId(vehicleId: string, date: string, startTime: string, generation: number): string {
  const hex = createHash('sha256').update(`tour|${vehicleId}|${date}|${startTime}|${generation}`).digest('hex');
  // Formatted as a UUID (version nibble 5, variant 8) so that it looks like every other id.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** `T` + YYMMDD + `-` + four random digits: what dispatchers read and say; the id stays the key. */
export function tourNumberFor(date: string): string {
  return `T${date.slice(2, 4)}${date.slice(5, 7)}${date.slice(8, 10)}-${String(randomInt(0, 10_000)).padStart(4, '0')}`;
}
