import { B, E, mentionsAny, pattern } from './text';

/**
 * Texts that name records but order nothing: a question about an order, a request to call back, a
 * cancellation or change of an order, a report on a delivery. Kept narrow: an order note seldom uses these words, and a question
 * that asks for a delivery (`Könnt ihr morgen 2 LKW … bringen?`) stays an order.
 */
export type NotAnOrder = 'enquiry' | 'callback' | 'cancellation' | 'report';

const CANCELLATION = pattern(
  `${B}(?:storn\\p{L}*|absag\\p{L}*|abgesagt|abbestell\\p{L}*|annullier\\p{L}*|ausfall\\p{L}*|fällt\\s+(?:\\p{L}+\\s+){0,2}aus|verschieb\\p{L}*|verschoben|doch\\s+(?:kein\\p{L}*|nicht)|nichts?\\s+mehr(?!\\s+als)|kein\\p{L}*\\s+bedarf)${E}`,
);
/** Every match of CANCELLATION, REPORT and CALLBACK contains one of its stems (a cheap test first). */
const CANCELLATION_STEMS = ['storn', 'absag', 'abgesagt', 'abbestell', 'annullier', 'ausfall', 'fällt', 'faellt', 'verschieb', 'verschoben', 'doch', 'mehr', 'bedarf'];
const REPORT_STEMS = ['angekommen', 'eingetroffen', 'abgeladen', 'zugestellt', 'reklam', 'beschwerde'];
const CALLBACK_STEMS = ['ruf', 'meldet'];
const REPORT = pattern(`${B}(?:angekommen|eingetroffen|abgeladen|zugestellt|reklamation\\p{L}*|reklamier\\p{L}*|beschwerde\\p{L}*)${E}`);
const CALLBACK = pattern(`${B}(?:rückruf\\p{L}*|zurückruf\\p{L}*|ruft\\s+(?:\\p{L}+\\s+){0,2}zurück|meldet\\s+sich)${E}`);
/**
 * Question words and verbs that open a question about what is (not a request to deliver), at the
 * start of the clause or after a short greeting (`Hallo, wann kommt …?`).
 */
const ASKING = pattern(
  `^\\s*(?:\\p{L}+(?:\\s+\\p{L}+)?\\s*[,:;]\\s*)?(?:wo|wann|wie|was|wer|warum|wieso|weshalb|welche[rsmn]?|ist|sind|hat|haben|hatte|hatten|war|waren|wurde|wurden|gibt)${E}`,
);

/**
 * Why `lower` (the lower-case text) is no order, or null when it may be one. `named` are the
 * character ranges the recognised records were named in: a question counts only when it holds them
 * all (`Was ist mit Montag? 2 LKW Kies nach Kiel` is an order).
 */
export function notAnOrder(lower: string, named: readonly { start: number; end: number }[]): NotAnOrder | null {
  if (mentionsAny(lower, CANCELLATION_STEMS) && test(CANCELLATION, lower)) return 'cancellation';
  if (mentionsAny(lower, REPORT_STEMS) && test(REPORT, lower)) return 'report';
  if (mentionsAny(lower, CALLBACK_STEMS) && test(CALLBACK, lower)) return 'callback';
  if (!lower.includes('?')) return null;
  const questions: { start: number; end: number }[] = [];
  // Clauses ending in `?`, cut at `.`, `!` and `?`.
  let start = 0;
  for (let i = 0; i < lower.length; i++) {
    const c = lower[i];
    if (c !== '.' && c !== '!' && c !== '?') continue;
    if (c === '?' && test(ASKING, lower.slice(start, i + 1))) questions.push({ start, end: i + 1 });
    start = i + 1;
  }
  if (questions.length > 0 && named.every((n) => questions.some((q) => n.start >= q.start && n.end <= q.end))) return 'enquiry';
  return null;
}

function test(re: RegExp, text: string): boolean {
  re.lastIndex = 0;
  return re.test(text);
}
