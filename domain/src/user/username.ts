/**
 * Usernames are compared without regard to case and surrounding blanks ("Dispo " is "dispo"), so
 * they are stored normalised and the `username-<name>` reservation sees one spelling only.
 */
export function normalizeUsername(raw: string): string {
  return raw.trim().toLowerCase();
}

// A letter first, then 2 to 31 of letters, digits, '.', '_' or '-': safe in URLs, mails and stream ids.
const USERNAME = /^[a-z][a-z0-9._-]{2,31}$/;

export function isValidUsername(normalized: string): boolean {
  return USERNAME.test(normalized);
}
