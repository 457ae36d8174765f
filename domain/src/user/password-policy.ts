import { messages } from '../messages';

export const MIN_PASSWORD_LENGTH = 8;

/**
 * The decider sees only the argon2id hash, so the command service checks the plain password with
 * this rule before hashing it. Returns the German message, or null when the password is acceptable.
 */
export function passwordProblem(password: string): string | null {
  return password.length < MIN_PASSWORD_LENGTH ? messages.user.passwordTooShort : null;
}
