/** The addresses of the CC field: separated by comma or semicolon, blanks dropped. */
export function splitAddresses(value: string): string[] {
  return value
    .split(/[,;]/)
    .map((address) => address.trim())
    .filter((address) => address !== '');
}

/**
 * A mailto link with copies, subject and body (RFC 6068): every part percent-encoded, line breaks
 * as CRLF, so that umlauts and the draft's lines reach the mail program intact.
 */
export function mailtoLink(to: string, cc: readonly string[], subject: string, body: string): string {
  const params: string[] = [];
  if (cc.length > 0) params.push(`cc=${cc.map(encodeURIComponent).join(',')}`);
  if (subject) params.push(`subject=${encodeURIComponent(subject)}`);
  if (body) params.push(`body=${encodeURIComponent(body.replace(/\r?\n/g, '\r\n'))}`);
  return `mailto:${encodeURIComponent(to.trim()).replace(/%40/g, '@')}${params.length > 0 ? `?${params.join('&')}` : ''}`;
}
