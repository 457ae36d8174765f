const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** Names (schemas, channels) are interpolated into SQL text, so only plain lower-case identifiers pass. */
export function assertSqlIdentifier(name: string, what: string): string {
  if (!IDENTIFIER.test(name) || name.length > 63) throw new Error(`Invalid ${what} name: ${JSON.stringify(name)}`);
  return name;
}
