/**
 * Hostile values for the endpoint fuzz tests: wrong types, huge strings and numbers, awkward
 * unicode, broken JSON, odd path segments, query strings and headers. Big values are kept as
 * small recipes (`Huge`, `RawJson`) and written out only when a request is built, so a failure
 * report names "Huge(1048576 × 'a')" rather than printing a megabyte.
 */
import fc from 'fast-check';

/** A long string, written out on use. */
export class Huge {
  #text: string | undefined;
  constructor(
    readonly length: number,
    readonly unit = 'a',
  ) {}
  get text(): string {
    this.#text ??= this.unit.repeat(Math.max(1, Math.floor(this.length / this.unit.length)));
    return this.#text;
  }
  toJSON(): string {
    return this.text;
  }
  toString(): string {
    return this.text;
  }
  [fc.toStringMethod](): string {
    return `Huge(${this.length} × ${JSON.stringify(this.unit)})`;
  }
}

/** JSON text placed as it is where a value goes: numbers JSON.stringify cannot write (1e309, 2^53+1, -0), deep nesting. */
export class RawJson {
  #text: string | undefined;
  constructor(
    readonly label: string,
    private readonly make: () => string,
  ) {}
  get text(): string {
    this.#text ??= this.make();
    return this.#text;
  }
  [fc.toStringMethod](): string {
    return `RawJson(${this.label})`;
  }
}

const raw = (text: string) => new RawJson(text, () => text);

/** Serialises a body that may hold `Huge` and `RawJson` values. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  const raws: RawJson[] = [];
  const nonce = Math.random().toString(36).slice(2);
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof RawJson) {
      raws.push(v);
      return `__raw_${nonce}_${raws.length - 1}__`;
    }
    return v;
  });
  if (text === undefined) return '';
  return raws.length === 0
    ? text
    : text.replace(new RegExp(`"__raw_${nonce}_(\\d+)__"`, 'g'), (_m, i: string) => raws[Number(i)]!.text);
}

/** Nesting deeper than any parser or validator should recurse: arrays `[[[…]]]` or objects `{"a":{"a":…}}`. */
export function deepJson(depth: number, kind: 'array' | 'object'): RawJson {
  return new RawJson(`${kind} nested ${depth} deep`, () =>
    kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth),
  );
}

// ── strings ─────────────────────────────────────────────────────────────────────────────

export const NASTY_STRINGS = [
  '',
  ' ',
  '\t\r\n',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'a\uDC00b\uD83D',
  '👩‍👩‍👧‍👦',
  '🍔🍟🥤',
  '\u202Eevil\u202C',
  'مرحبا بالعالم',
  'שלום עולם',
  '\u200B\u200C\u200D\u2060',
  'e\u0301\u0301\u0301',
  '\uFEFF',
  '\uFFFD\uFFFF',
  'Ω≈ç√∫˜µ≤≥÷',
  '𝕿𝖍𝖊 𝖖𝖚𝖎𝖈𝖐',
  "' OR '1'='1",
  "'; DROP TABLE orders; --",
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '<script>alert(1)</script>',
  '${7*7}',
  '{{7*7}}',
  '%s%n%x%d',
  '%00',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'true',
  '[object Object]',
  '-0',
  'NaN',
  'Infinity',
  '1e309',
  '0x10',
  '9007199254740993',
  '١٢٣',
  '１２３',
] as const;

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
const controlChar = fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c));

export const hugeString: fc.Arbitrary<Huge> = fc
  .tuple(
    fc.constantFrom(101, 201, 255, 257, 501, 1_001, 20_001, 65_537, 200_000, 1_048_576),
    fc.constantFrom('a', '🍔', '\u0000', 'é', ' ', '\uD800', '9'),
  )
  .map(([length, unit]) => new Huge(length, unit));

export const hostileString: fc.Arbitrary<string | Huge> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  // What databases refuse or mangle: NUL (PostgreSQL text cannot hold it), unpaired surrogates (not UTF-8).
  { weight: 2, arbitrary: fc.constantFrom('\u0000', 'Sam\u0000Lee', '\u0000'.repeat(64), '\uD83D', 'ok\uDE00') },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: fc.oneof(loneSurrogate, controlChar), maxLength: 8 }) },
  { weight: 2, arbitrary: hugeString },
);

/** The sweep's texts: NUL, unpaired surrogates, direction and combining marks, a 10 kB text, SQL quotes, blanks. */
export const SWEEP_STRINGS: readonly unknown[] = [
  '\u0000',
  'Sam\u0000Lee',
  '\uD800',
  'e\u0301🍔\u202Eabc',
  new Huge(10_001, 'x'),
  "' OR 1=1 --",
  '',
  ' ',
];

// ── numbers ─────────────────────────────────────────────────────────────────────────────

export const hostileNumber: fc.Arbitrary<number | RawJson> = fc.oneof(
  fc.constantFrom(
    0,
    -1,
    1.5,
    -1.5,
    0.1,
    1e308,
    -1e308,
    5e-324,
    2 ** 31 - 1,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 32,
    2 ** 53,
    Number.MAX_SAFE_INTEGER,
    Number.MIN_SAFE_INTEGER,
    1e21,
    99,
    100,
    1000,
  ),
  fc.constantFrom(
    raw('-0'),
    raw('1e309'),
    raw('-1e309'),
    raw('9007199254740993'),
    raw('123456789012345678901234567890'),
    raw('1e-400'),
    raw('1E2'),
    raw('0.0'),
  ),
  fc.double(),
  fc.integer(),
);

/** The sweep's numbers: below zero, fractions, past 32-bit and 53-bit integers, past double range, minus zero. */
export const SWEEP_NUMBERS: readonly unknown[] = [
  -1,
  1.5,
  2 ** 31,
  2 ** 53,
  raw('9007199254740993'),
  raw('1e309'),
  raw('-0'),
  1e308,
];

export const SWEEP_BOOLEANS: readonly unknown[] = ['true', 1, null];

// ── JSON values ─────────────────────────────────────────────────────────────────────────

const scalar: fc.Arbitrary<unknown> = fc.oneof(fc.constantFrom(null, true, false), hostileNumber, hostileString);

/** Any value where a field goes: wrong types, huge, nested deeply, arrays for objects and objects for arrays. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: scalar },
  { weight: 1, arbitrary: fc.constantFrom([], {}, [null], [[]], { '': '' }, [{}]) },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(50, 1_000, 20_000, 120_000), fc.constantFrom('array' as const, 'object' as const))
      .map(([depth, kind]) => deepJson(kind === 'object' ? Math.min(depth, 40_000) : depth, kind)),
  },
);

/**
 * A hostile value for a field that holds `current`: usually of the same type (a string full of
 * NULs, a number past 2^31), so it passes the type check and reaches what lies behind it; else
 * anything at all.
 */
export function hostileLike(current: unknown): fc.Arbitrary<unknown> {
  const sameType =
    typeof current === 'string'
      ? hostileString
      : typeof current === 'number'
        ? hostileNumber
        : typeof current === 'boolean'
          ? fc.constantFrom<unknown>(0, 1, 'true', 'false', null, [true])
          : null;
  return sameType ? fc.oneof({ weight: 3, arbitrary: sameType }, { weight: 1, arbitrary: hostileValue }) : hostileValue;
}

/** Keys an attacker adds to an object. */
export const extraKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    '',
    'id',
    'status',
    'orderStatus',
    'paid',
    'totalPrice',
    'price',
    'priceMinor',
    'isAdmin',
    'consumerId',
    'hmacKey',
  ),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  hugeString.map((h) => new Huge(Math.min(h.length, 5_000), h.unit).text),
);

// ── whole bodies ────────────────────────────────────────────────────────────────────────

/** Body texts that are not JSON, or are JSON a careful parser refuses. */
export const brokenJsonText: fc.Arbitrary<string | Huge | RawJson> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\n',
    '{',
    '}',
    '[',
    '{"a":}',
    '{"a":1,}',
    "{'a':1}",
    '{a:1}',
    'NaN',
    'undefined',
    '{"a":NaN}',
    '{"a":Infinity}',
    '[1,2',
    '"unterminated',
    '\uFEFF{}',
    '{}garbage',
    '{}{}',
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '{"a":"\u0000"}',
    '{"a":"\t"}',
    '{"a":"\\ud800"}',
    '{"a":"\\u00"}',
    '{"a":"\\x41"}',
    '{"a":1}\u0000',
    'null',
    'true',
    '0',
    '"text"',
    '[]',
    '{}',
    '<xml/>',
    'a=1&b=2',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(new Huge(300_000, '{'), new Huge(1_048_576, ' '), new Huge(1_048_576, '[')),
  fc.constantFrom(deepJson(120_000, 'array'), deepJson(40_000, 'object')),
);

export const contentType: fc.Arbitrary<string | null> = fc.oneof(
  { weight: 10, arbitrary: fc.constant('application/json') },
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      null,
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'application/json; charset=latin1',
      'application/json; charset=utf-16',
      'application/json;;;',
      'application/json, text/plain',
      'text/plain',
      'text/plain; charset=utf-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=----fuzz',
      'multipart/form-data',
      'application/xml',
      'application/octet-stream',
      'application/vnd.api+json',
      'application/jsonx',
      '*/*',
      'json',
      '',
      ';',
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: latin1Char(), maxLength: 40 }) },
);

// ── URLs ────────────────────────────────────────────────────────────────────────────────

/** Percent-encodes like encodeURIComponent, but writes lone surrogates as their (invalid) UTF-8 bytes instead of throwing. */
export function encodeComponent(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i += 1;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      out +=
        `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
    } else {
      out += encodeURIComponent(text[i]!);
    }
  }
  return out;
}

/** Path segments, already as they go in the URL (some deliberately mis-encoded). */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '-1',
      '0',
      '00',
      '007',
      '2147483647',
      '2147483648',
      '4294967296',
      '9007199254740993',
      '99999999999999999999',
      '1e3',
      '1.5',
      '1.0',
      '0x10',
      '+1',
      '%201',
      '1%20',
      '%00',
      '1%00',
      '..',
      '.',
      '%2e%2e',
      '%2F',
      '1%2F2',
      '%5C',
      '%D9%A1',
      '%EF%BC%91',
      '%F0%9F%8D%94',
      '%ED%A0%80',
      '%C0%AE',
      '%FF',
      '%',
      '%zz',
      '%%',
      'null',
      'undefined',
      'NaN',
      'Infinity',
      '-0',
      'true',
      '[]',
      '{}',
      '1;2',
      '1,2',
      'au-1',
      'au--1',
      'au-99999999999',
      '350x',
      'x',
      '99999x99999',
      '0x0',
      '-1x-1',
    ),
  },
  { weight: 2, arbitrary: hostileString.map((s) => encodeComponent(String(s).slice(0, 300))) },
  { weight: 1, arbitrary: fc.constantFrom(201, 1_000, 100_000).map((n) => '1'.repeat(n)) },
  { weight: 1, arbitrary: fc.constantFrom(201, 5_000).map((n) => 'x'.repeat(n)) },
);

/** The sweep's path segments. */
export const SWEEP_SEGMENTS: readonly string[] = [
  '-1',
  '2147483648',
  '99999999999999999999',
  '1e3',
  '%00',
  '%2e%2e',
  '%F0%9F%8D%94',
  'x'.repeat(201),
];

/** The sweep's query values. */
export const SWEEP_QUERY_VALUES: readonly string[] = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  encodeComponent('x'.repeat(10_001)),
  '',
  '-1',
  '2147483648',
  '1e309',
];

/** A query-string value as it goes in the URL. */
export const hostileQueryValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: hostileSegment },
  { weight: 1, arbitrary: fc.constantFrom('', '%', '%zz', '&', '=', '==', '[]', '+', '%2B', '%26', '%3D') },
  { weight: 1, arbitrary: hugeString.map((h) => encodeComponent(h.text)) },
);

export const hostileQueryKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', '__proto__[polluted]', 'a[b][c]', 'a[]', '', '%', '%00', 'toString'),
  fc.string({ unit: 'grapheme', maxLength: 12 }).map(encodeComponent),
);

/** Whole query strings appended after the route's path ('?' included). */
export const hostileQueryString: fc.Arbitrary<string> = fc.constantFrom(
  '?',
  '??',
  '?&&&',
  '?=',
  '?=&=',
  '?%',
  '?a=%zz',
  '?a=1&a=2&a=3',
  '?#fragment',
  `?${'a=1&'.repeat(2_000)}`,
  `?x=${'a'.repeat(1_048_576)}`,
  `?${'k'.repeat(10_000)}=1`,
);

// ── headers ─────────────────────────────────────────────────────────────────────────────

/** Characters a real client can put in a header value: visible Latin-1 and tab (HTTP refuses other controls). */
function latin1Char(): fc.Arbitrary<string> {
  return fc
    .oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0xa0, max: 0xff }), fc.constant(0x09))
    .map((c) => String.fromCharCode(c));
}

export const hostileHeaderValue: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      'null',
      'a b',
      '../..',
      "' OR 1=1",
      '*',
      '""',
      'W/"x"',
      '"x", W/"y", *',
      'gzip;q=NaN, br;q=-1, *;q=1e309',
      'identity;q=0, *;q=0',
      'x'.repeat(101),
      'x'.repeat(1_000),
      'x'.repeat(8_000),
      'ÿþý',
    ),
  },
  { weight: 2, arbitrary: fc.string({ unit: latin1Char(), maxLength: 60 }) },
);

/** Headers worth tampering with on any route. */
export const HOSTILE_HEADER_NAMES = [
  'idempotency-key',
  'accept',
  'accept-encoding',
  'accept-language',
  'if-none-match',
  'if-modified-since',
  'range',
  'origin',
  'cookie',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  'x-http-method-override',
] as const;
