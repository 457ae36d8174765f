/**
 * Free text as stored: trimmed, and null when empty, so that "" and "   " never reach the log and a
 * projection needs only one test for "not given".
 */
export function cleanText(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** Like `cleanText`, for fields the caller has already checked to be filled. */
export function requiredText(value: string | null | undefined): string {
  return cleanText(value) ?? '';
}
