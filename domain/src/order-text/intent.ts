import { B, E, hasMatch, pattern, type TextScan } from './text';
import { DOTTED_ABBREVIATIONS } from './words';

/**
 * Texts that name records but order nothing: a question about an order, a request to call back, a
 * cancellation or change of an order, a report on a delivery or its truck. Kept narrow: an order
 * note seldom uses these words, and a question that asks for a delivery (`Könnt ihr morgen 2 LKW …
 * bringen?`) stays an order.
 */
export type NotAnOrder = 'enquiry' | 'callback' | 'cancellation' | 'report';

const CANCELLATION = pattern(
  `${B}(?:storn\\p{L}*|absag\\p{L}*|abgesagt|abbestell\\p{L}*|annullier\\p{L}*|ausfall\\p{L}*|(?:fällt|fallen)\\s+(?:\\p{L}+\\s+){0,2}aus|streich\\p{L}*|gestrichen|doch\\s+(?:kein\\p{L}*|nicht)|nichts?\\s+mehr(?!\\s+als)|kein\\p{L}*\\s+(?:\\p{L}+\\s+){0,2}mehr(?!\\s+als)|kein\\p{L}*\\s+bedarf|baustelle\\s+ruht|baustopp\\p{L}*)${E}`,
);
/** The verb split around the order, its `ab` ending the clause: `sagt die Lieferung für Dienstag ab`. */
const SPLIT_CANCELLATION = pattern(`${B}(?:sag|bestell)\\p{L}*\\s[^.,;:!?]{0,80}?\\sab\\s*(?:[.,;:!?]|$)`);
/** A delivery moved: `verschieben`, `umbuchen`, `von Montag auf Dienstag legen`. */
const RESCHEDULING = pattern(`${B}(?:verschieb\\p{L}*|verschoben|umleg\\p{L}*|umbuch\\p{L}*|auf\\s+(?:[\\p{L}\\d.]+\\s+){1,2}(?:legen|verlegen|schieben|setzen))${E}`);
/**
 * On a delivery (`hat geklappt`, `danke für die schnelle Lieferung`, `war pünktlich`, its bill: `die
 * Rechnung Nr. … stimmt nicht`, `Gutschrift für die Fehlmenge`, `Rechnungskorrektur`, `3x berechnet statt 2x`), or on the truck that was to make it (`LKW 3 hat einen Platten`,
 * `steht seit einer Stunde vor dem Tor`).
 */
const REPORT = pattern(
  `${B}(?:dank(?:e|en)?\\s+f(?:ür|\\.)\\s+(?:\\p{L}+\\s+){0,3}(?:an)?lieferung\\p{L}*|gutschrift\\p{L}*|mahnung\\p{L}*|fehlmenge\\p{L}*|stimmt\\s+nicht|rechnung\\p{L}*\\s+(?:nr|nummer)|rechnungs(?:korrektur|prüfung|fehler)|(?:falsch|doppelt)\\s+berechnet|berechnet\\s+statt|(?:war|waren|kam|kamen)\\s+(?:\\p{L}+\\s+)?pünktlich|falsch\\p{L}*\\s+(?:\\p{L}+\\s+)?geliefert|verspät\\p{L}*|(?:minuten|min|stunden?|std)\\.?\\s+(?:später|zu\\s+spät)|angekommen|eingetroffen|abgeladen|zugestellt|geklappt|ist\\s+erledigt|reklamation\\p{L}*|reklamier\\p{L}*|beschwerde\\p{L}*|platten|reifenpanne|panne|liegengeblieben|unfall|abgeschleppt|seit\\s+(?:\\p{L}+|\\d+)\\s+(?:stunden?|minuten|tag(?:en)?)|zu\\s+(?:wenig|viel)\\s+(?:[\\p{L}\\d/,]+\\s+){0,4}?(?:geladen|geliefert|gebracht|abgekippt|bekommen|erhalten))${E}`,
);
/** Every match of each pattern contains one of its stems (a cheap test first). */
const CANCELLATION_STEMS = ['storn', 'absag', 'abgesagt', 'abbestell', 'annullier', 'ausfall', 'fällt', 'faellt', 'fallen', 'streich', 'gestrichen', 'doch', 'mehr', 'bedarf', 'ruht', 'baustopp'];
const SPLIT_CANCELLATION_STEMS = ['sag', 'bestell'];
const RESCHEDULING_STEMS = ['verschieb', 'verschoben', 'umleg', 'umbuch', 'legen', 'schieben', 'setzen'];
const REPORT_STEMS = [
  ...['dank', 'gutschrift', 'mahnung', 'fehlmenge', 'stimmt', 'rechnung', 'falsch', 'verspät', 'spät', 'berechnet', 'pünktlich', 'puenktlich'],
  ...['angekommen', 'eingetroffen', 'abgeladen', 'zugestellt', 'geklappt', 'erledigt', 'reklam', 'beschwerde'],
  ...['platten', 'panne', 'liegengeblieben', 'unfall', 'abgeschleppt', 'seit', 'zu wenig', 'zu viel'],
];
const CALLBACK_STEMS = ['ruf', 'meldet'];
const CALLBACK = pattern(`${B}(?:rückruf\\p{L}*|zurückruf\\p{L}*|ruft\\s+(?:\\p{L}+\\s+){0,2}zurück|meldet\\s+sich)${E}`);
/**
 * Question words and verbs that open a question about what is (not a request to deliver), at the
 * start of the clause or after a short greeting (`Hallo, wann kommt …?`).
 */
const ASKING = pattern(
  `^\\s*(?:\\p{L}+(?:\\s+\\p{L}+)?\\s*[,:;]\\s*)?(?:wo|wann|wie|was|wer|warum|wieso|weshalb|welche[rsmn]?|ist|sind|hat|hast|habt|haben|hatte|hatten|war|waren|wurde|wurden|gibt|kommt\\s+(?:der|die|das|unser|unsere)|(?:können|könnt|könnten|kannst)\\s+(?:sie|ihr|du)\\s+(?:uns|mir)\\s+(?:sagen|mitteilen))${E}`,
);
/**
 * A question passed on, with or without its `?`: `fragt, wann …`, `fragt nach dem Preis`, or `fragt,
 * ob` about a delivery under way (`ob der Schotter morgen kommt`); `fragt, ob übermorgen ein Zug …
 * geht` and `fragt nach 2 LKW` ask for one.
 */
const REPORTED_QUESTION = pattern(
  `${B}(?:fragt|fragen|fragte|gefragt|wissen)\\s*,?\\s*(?:(?:wann|wo|wie|was|warum|wieso|weshalb)${E}|ob\\s[^.;!?]{0,80}?${B}(?:kommt|kommen|ankommt|eingeplant|unterwegs|geliefert|raus|bezahlt)${E}|nach\\s+(?:dem|der|den)${E})`,
);
const REPORTED_QUESTION_STEMS = ['frag', 'wissen'];
/** A request for a quote (`Bitte um ein Angebot für 500 t Sand`), not for a delivery; `laut Angebot` is none. */
const QUOTE_REQUEST = pattern(`${B}(?:um|für|brauchen|benötigen|hätten\\s+gern)\\s+(?:\\p{L}+\\s+)?angebot${E}`);
/** A question about prices (`Können wir über die Preise sprechen?`) asks for no delivery, whatever its verb. */
const PRICE_TOPIC = pattern(`${B}(?:preis\\p{L}*|kostet|kosten|angebot\\p{L}*)${E}`);

/**
 * News about the business, not a delivery: a plant or its scale down (`Waage defekt`, `Silo 2 wegen
 * Wartung gesperrt`), holidays, a meeting (`Termin mit Herrn Meier`). Order notes say such things too
 * (`Tor 2 gesperrt`), so it counts only where no material or amount is named.
 */
const NOTICE = pattern(
  `${B}(?:defekt|kaputt|ausgefallen|gesperrt|geschlossen|außer\\s+betrieb|wartung\\p{L}*|störung\\p{L}*|betriebsferien|betriebsurlaub|besprechung\\p{L}*|meeting|\\p{L}*vertrag\\p{L}*|termin\\s+mit)${E}`,
);
const NOTICE_STEMS = ['defekt', 'kaputt', 'ausgefallen', 'gesperrt', 'geschlossen', 'betrieb', 'wartung', 'störung', 'stoerung', 'besprechung', 'meeting', 'vertrag', 'termin'];

/** Whether the text is news about the business (see NOTICE): no order when it names nothing to deliver. */
export function isNotice(scan: TextScan): boolean {
  return scan.mentionsOneOf(NOTICE_STEMS) && hasMatch(NOTICE, scan.lower);
}

const WORD_BEFORE_DOT = /(?:^|[^\p{L}\d])([\p{L}]{1,5}|\d+)$/u;
/** How far back the word before a dot is looked for. */
const ABBREVIATION_REACH = 8;

/** Whether the dot at `i` ends an abbreviation (`Do.`, `ca.`, `Nr.`) or a number (`24.11.`) rather than a sentence. */
function isAbbreviationDot(lower: string, i: number): boolean {
  const word = WORD_BEFORE_DOT.exec(lower.slice(Math.max(0, i - ABBREVIATION_REACH), i))?.[1];
  return word !== undefined && (/^\d/.test(word) || DOTTED_ABBREVIATIONS.has(word));
}

/**
 * Why the text (its lower case, scan.lower) is no order, or null when it may be one. `namedIn` gives
 * the character ranges the recognised records were named in, asked only of a question: it counts
 * only when it holds them all (`Was ist mit Montag? 2 LKW Kies nach Kiel` is an order).
 */
export function notAnOrder(scan: TextScan, namedIn: () => readonly { start: number; end: number }[]): NotAnOrder | null {
  const { lower } = scan;
  if (scan.mentionsOneOf(CANCELLATION_STEMS) && hasMatch(CANCELLATION, lower)) return 'cancellation';
  if (scan.mentionsOneOf(SPLIT_CANCELLATION_STEMS) && hasMatch(SPLIT_CANCELLATION, lower)) return 'cancellation';
  if (scan.mentionsOneOf(RESCHEDULING_STEMS) && hasMatch(RESCHEDULING, lower)) return 'cancellation';
  if (scan.mentionsOneOf(REPORT_STEMS) && hasMatch(REPORT, lower)) return 'report';
  if (scan.mentionsOneOf(CALLBACK_STEMS) && hasMatch(CALLBACK, lower)) return 'callback';
  if (scan.mentionsOneOf(REPORTED_QUESTION_STEMS) && hasMatch(REPORTED_QUESTION, lower)) return 'enquiry';
  if (lower.includes('angebot') && hasMatch(QUOTE_REQUEST, lower)) return 'enquiry';
  if (!lower.includes('?')) return null;
  const questions: { start: number; end: number }[] = [];
  // Clauses ending in `?`, cut at `.`, `!` and `?`; not at the dot of an abbreviation or a date (`am Do. noch vor 10 Uhr?`).
  let start = 0;
  for (let i = 0; i < lower.length; i++) {
    const c = lower[i];
    if (c !== '.' && c !== '!' && c !== '?') continue;
    if (c === '.' && isAbbreviationDot(lower, i)) continue;
    const clause = lower.slice(start, i + 1);
    if (c === '?' && (hasMatch(ASKING, clause) || hasMatch(PRICE_TOPIC, clause))) questions.push({ start, end: i + 1 });
    start = i + 1;
  }
  if (questions.length > 0 && namedIn().every((n) => questions.some((q) => n.start >= q.start && n.end <= q.end))) return 'enquiry';
  return null;
}
