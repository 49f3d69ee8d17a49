/**
 * Keeps card data out of logs. The sandbox gateway's card request carries the card in its query
 * string (spec §7's JSONP protocol), and a client can send card data anywhere else: other query
 * parameters, path segments, bodies that end up in an error's message. So every log line is
 * redacted as it is written, two ways:
 *
 * - by name: a query parameter or JSON field whose name, once percent-decoded and stripped of
 *   everything but letters and digits, names card data (`card%5Fnumber`, `c%76v`, `cardNumber`,
 *   `CVC2` …) has its value replaced;
 * - by value: a run of 12 to 19 digits (spaces, dashes or encoded spaces allowed between them)
 *   that passes the Luhn check — a card number whatever it is called — is replaced.
 *
 * Digits in JSON numbers are left alone unless their field is named as card data (the line's
 * `time` is one), so the line stays valid JSON.
 */

import { passesLuhn } from '@venue/domain/card-validation';

export const REDACTED = '[redacted]';

/** Names (lower case, letters and digits only) whose values are card data or secrets. */
const SECRET_NAMES = [
  'cardnumber',
  'cardno',
  'cardnum',
  'ccnumber',
  'ccnum',
  'creditcard',
  'pan',
  'cvv',
  'cvc',
  'cvn',
  'cav',
  'csc',
  'securitycode',
  'cardholder',
  'cardcode',
  'expiry',
  'expmonth',
  'expyear',
  'expirydate',
  'verification',
  'hmackey',
  'password',
];
/** Parts that make any name containing them secret (`cardCvv2`, `card_cvc`, `expiry_year` …). */
const SECRET_PARTS = [
  'cardnumber',
  'cardno',
  'ccnum',
  'creditcard',
  'cvv',
  'cvc',
  'securitycode',
  'cardholder',
  'expiry',
];

/** Percent-decodes a name (a few times over, for double encoding), tolerating broken escapes. */
function decodeName(raw: string): string {
  let name = raw.replaceAll('+', ' ');
  for (let i = 0; i < 3 && name.includes('%'); i += 1) {
    try {
      const decoded = decodeURIComponent(name);
      if (decoded === name) break;
      name = decoded;
    } catch {
      name = name.replace(/%([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    }
  }
  return name;
}

export function isSecretName(raw: string): boolean {
  const name = decodeName(raw)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  return SECRET_NAMES.includes(name) || SECRET_PARTS.some((part) => name.includes(part));
}

/** The Luhn check of a string of digits: the domain's one rule, re-exported for the log redaction's callers. */
export { passesLuhn };

/** 12–19 digits, single spaces, dashes, `+` or `%20` allowed between them; no digit either side. */
const DIGIT_RUN = /(?<!\d)\d(?:(?:[ +-]|%20)?\d){11,18}(?!\d)/g;

/** Card numbers by value: digit runs that pass Luhn. */
function redactCardNumbers(text: string): string {
  return text.replace(DIGIT_RUN, (run) => {
    const digits = run.replace(/%20|\D/g, '');
    return digits.length >= 12 && digits.length <= 19 && passesLuhn(digits) ? REDACTED : run;
  });
}

/** `name=value` pairs of a query string (or a form body) anywhere in the text. */
const QUERY_PAIR = /(^|[?&;\s"])([^=&?#;\s"\\]{1,100})=([^&#;\s"\\]*)/g;

function redactQueryPairs(text: string): string {
  return text.replace(QUERY_PAIR, (match, lead: string, name: string) =>
    isSecretName(name) ? `${lead}${name}=${REDACTED}` : match,
  );
}

/** A URL (path and query) with card data and secret parameters replaced by "[redacted]". */
export function redactUrl(url: string): string {
  return redactCardNumbers(redactQueryPairs(url));
}

/**
 * Query parameters whose values a request log keeps: they say what was asked for and hold nothing
 * personal. Every other value is a customer's or a credential's: a signature that replays for 5
 * minutes (the order stream's `?signature=`), a typed address or a position (`input`,
 * `streetAddress`, `latitude`), a card.
 */
const LOGGED_QUERY_VALUES = new Set(['status', 'limit', 'lastEventId', 'pictures', 'force', 'callback']);

/**
 * A request's URL as the request log writes it: the path (card numbers by value redacted) and the
 * query's parameter names, with only the values of LOGGED_QUERY_VALUES kept.
 */
export function logUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return redactCardNumbers(url);
  const path = redactCardNumbers(url.slice(0, mark));
  const pairs = url
    .slice(mark + 1)
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = (equals === -1 ? pair : pair.slice(0, equals)).slice(0, 100);
      const keep = equals !== -1 && LOGGED_QUERY_VALUES.has(decodeName(name));
      return `${redactCardNumbers(name)}=${keep ? redactCardNumbers(pair.slice(equals + 1)) : REDACTED}`;
    });
  return `${path}?${pairs.join('&')}`;
}

/** A JSON field: its quoted name, then a string or number value. */
const JSON_FIELD = /"((?:[^"\\]|\\.){1,100})"(\s*:\s*)("(?:[^"\\]|\\.)*"|-?\d[\d.eE+-]*)/g;
/** A JSON string token. */
const JSON_STRING = /"(?:[^"\\]|\\.)*"/g;

function unescapeJsonName(name: string): string {
  try {
    return JSON.parse(`"${name}"`) as string;
  } catch {
    return name;
  }
}

/** A JSON field inside a JSON string (a body quoted in an error message): `\"cvv\":\"123\"`. */
const ESCAPED_JSON_FIELD = /\\"([^"\\]{1,100})\\"(\s*:\s*)(\\"(?:[^"\\]|\\[^"])*\\"|-?\d[\d.eE+-]*)/g;

function redactInString(token: string): string {
  const byField = token.replace(ESCAPED_JSON_FIELD, (match, name: string, colon: string) =>
    isSecretName(name) ? `\\"${name}\\"${colon}\\"${REDACTED}\\"` : match,
  );
  return redactCardNumbers(redactQueryPairs(byField));
}

/** Something in the line that could name card data, plainly or encoded. */
const NAME_HINT = /cvv|cvc|cvn|csc|cav|card|pan|exp|secur|verif|hmac|passw|%|\\u/i;
/** A 12-digit run (or longer) inside a string: after a letter, a separator or an opening quote, not a JSON number's `:`. */
const LONG_DIGITS = /[^:\d]\d(?:(?:[ +-]|%20)?\d){11}/;

/**
 * One serialized log line (pino's JSON) with card data replaced, in whichever field it is: fields
 * named as card data, then inside every string (URLs, messages, error details) query pairs named
 * as card data and card numbers by value. Cheap enough for every line: a few linear regex passes.
 */
export function redactLogLine(line: string): string {
  // Most lines name nothing secret and hold no long digit run but their time: two quick tests
  // spare them the passes below.
  const names = NAME_HINT.test(line);
  if (!names && !LONG_DIGITS.test(line)) return line;
  const byField = names
    ? line.replace(JSON_FIELD, (match, name: string, colon: string) =>
        isSecretName(unescapeJsonName(name)) ? `"${name}"${colon}"${REDACTED}"` : match,
      )
    : line;
  return byField.replace(JSON_STRING, names ? redactInString : redactCardNumbers);
}
