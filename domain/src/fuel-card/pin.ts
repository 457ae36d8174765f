import { messages } from '../messages';
import { refuse } from '../shared';

const PIN = /^\d{4,8}$/;

/** What every list shows instead of a PIN: the same mask whatever its length. */
export const PIN_MASK = '****';

/**
 * A fuel card PIN is 4 to 8 digits. Checked on the plain text before the command service encrypts
 * it; the decider only ever sees the ciphertext.
 */
export function assertValidPin(pin: string): void {
  if (!PIN.test(pin)) refuse('validation', messages.fleetCommands.invalidPin, ['pinCode']);
}

/** The masked PIN for answers: the mask when one is set, else null. */
export function maskedPin(hasPin: boolean): string | null {
  return hasPin ? PIN_MASK : null;
}
