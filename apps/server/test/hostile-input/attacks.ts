/**
 * Hostile requests for one route: a generated recipe (`Attack`) that breaks one part of the
 * route's valid request — body, path parameters, query, headers, content type or method — and
 * the request it becomes, unsigned or correctly signed by a real consumer.
 */
import fc from 'fast-check';
import { signHeaders, type Signer } from '../../src/test/signed-requests.ts';
import {
  brokenJsonText,
  SWEEP_BOOLEANS,
  SWEEP_NUMBERS,
  SWEEP_QUERY_VALUES,
  SWEEP_SEGMENTS,
  SWEEP_STRINGS,
  contentType as hostileContentType,
  encodeComponent,
  extraKey,
  HOSTILE_HEADER_NAMES,
  hostileHeaderValue,
  hostileQueryKey,
  hostileQueryString,
  hostileQueryValue,
  hostileSegment,
  hostileLike,
  hostileNumber,
  hostileString,
  hostileValue,
  type Huge,
  type RawJson,
  toJsonText,
} from './hostile.ts';
import type { Fixture, RouteAuth, RouteSpec } from './route-specs.ts';

export type JsonPath = (string | number)[];

export type BodyMutation =
  | { op: 'replace'; changes: { path: JsonPath; value: unknown }[] }
  | { op: 'poison'; paths: JsonPath[]; value: unknown }
  | { op: 'delete'; path: JsonPath }
  | { op: 'extra'; path: JsonPath; key: string; value: unknown }
  | { op: 'wrap'; path: JsonPath }
  | { op: 'repeat'; path: JsonPath; times: number }
  | { op: 'whole'; value: unknown }
  | { op: 'duplicate-key'; value: unknown }
  | { op: 'truncate'; at: number }
  | { op: 'text'; text: string | Huge | RawJson }
  | { op: 'bytes'; bytes: Uint8Array }
  | { op: 'none' };

export type QueryMutation =
  | { op: 'set'; key: string; value: string }
  | { op: 'delete'; key: string }
  | { op: 'duplicate'; key: string; value: string }
  | { op: 'extra'; key: string; value: string }
  | { op: 'raw'; text: string };

/** How a request to a signed route goes without a valid signature. */
export type Unsigned =
  | { kind: 'none' }
  | { kind: 'malformed'; authorization: string | null; timestamp: string | null }
  | { kind: 'stale'; skewMs: number }
  | { kind: 'wrong-key' }
  | { kind: 'unknown-consumer' }
  | { kind: 'tampered' };

export type OpsToken = 'right' | 'none' | 'wrong' | 'other-scheme' | 'empty';

export interface Attack {
  focus: 'body' | 'params' | 'query' | 'headers' | 'content-type' | 'method';
  method?: string;
  params?: Record<string, string>;
  query?: QueryMutation[];
  body?: BodyMutation;
  /** undefined: the usual (JSON when there is a body); null: no Content-Type header */
  contentType?: string | null;
  headers?: Record<string, string>;
  /** headers of the route's valid request left out (a required Idempotency-Key …) */
  omitHeaders?: string[];
  unsigned: Unsigned;
  opsToken: OpsToken;
  /** signed routes: send only the correctly signed request, or only the one without a valid signature */
  only?: 'signed' | 'unsigned';
}

export interface RouteUnderTest {
  key: string;
  method: string;
  url: string;
  spec: RouteSpec;
  paramNames: string[];
}

// ── generation ──────────────────────────────────────────────────────────────────────────

/** Every path into a JSON value, the root (`[]`) first. */
export function jsonPaths(value: unknown, path: JsonPath = []): JsonPath[] {
  const paths: JsonPath[] = [path];
  if (Array.isArray(value)) value.forEach((item, i) => paths.push(...jsonPaths(item, [...path, i])));
  else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) paths.push(...jsonPaths(item, [...path, key]));
  return paths;
}

function poison(paths: JsonPath[], value: fc.Arbitrary<unknown>): fc.Arbitrary<BodyMutation> {
  if (paths.length === 0) return fc.constant({ op: 'none' });
  return fc.record({ op: fc.constant('poison' as const), paths: fc.subarray(paths, { minLength: 1 }), value });
}

function bodyMutation(base: Record<string, unknown>): fc.Arbitrary<BodyMutation> {
  const paths = jsonPaths(base);
  const inner = paths.filter((p) => p.length > 0);
  const path = fc.constantFrom(...paths);
  const innerPath = inner.length > 0 ? fc.constantFrom(...inner) : path;
  const baseText = JSON.stringify(base);
  const change = innerPath.chain((at) => hostileLike(getAt(base, at)).map((value) => ({ path: at, value })));
  const leaves = (type: 'string' | 'number') => inner.filter((p) => typeof getAt(base, p) === type);
  const stringLeaves = leaves('string');
  const numberLeaves = leaves('number');
  return fc.oneof(
    // One field (or a few) given a hostile value, mostly of its own type, so it passes the type check.
    { weight: 8, arbitrary: fc.record({ op: fc.constant('replace' as const), changes: fc.tuple(change) }) },
    {
      weight: 2,
      arbitrary: fc.record({
        op: fc.constant('replace' as const),
        changes: fc.array(change, { minLength: 2, maxLength: 3 }),
      }),
    },
    // One hostile text (or number) in some of the body's text (or number) fields at once.
    { weight: 3, arbitrary: poison(stringLeaves, hostileString) },
    { weight: 2, arbitrary: poison(numberLeaves, hostileNumber) },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('delete' as const), path: innerPath }) },
    {
      weight: 2,
      arbitrary: fc.record({ op: fc.constant('extra' as const), path, key: extraKey, value: hostileValue }),
    },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('wrap' as const), path }) },
    {
      weight: 1,
      arbitrary: fc.record({
        op: fc.constant('repeat' as const),
        path,
        times: fc.constantFrom(0, 2, 101, 1_000, 10_000),
      }),
    },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('whole' as const), value: hostileValue }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('duplicate-key' as const), value: hostileValue }) },
    {
      weight: 1,
      arbitrary: fc.record({
        op: fc.constant('truncate' as const),
        at: fc.nat({ max: Math.max(0, baseText.length - 1) }),
      }),
    },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('text' as const), text: brokenJsonText }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('bytes' as const), bytes: fc.uint8Array({ maxLength: 64 }) }) },
    { weight: 1, arbitrary: fc.constant({ op: 'none' as const }) },
  );
}

function queryMutations(base: Record<string, string>): fc.Arbitrary<QueryMutation[]> {
  const keys = Object.keys(base);
  const key = keys.length > 0 ? fc.oneof(fc.constantFrom(...keys), hostileQueryKey) : hostileQueryKey;
  const one: fc.Arbitrary<QueryMutation> = fc.oneof(
    { weight: 5, arbitrary: fc.record({ op: fc.constant('set' as const), key, value: hostileQueryValue }) },
    { weight: keys.length > 0 ? 2 : 0, arbitrary: fc.record({ op: fc.constant('delete' as const), key }) },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('duplicate' as const), key, value: hostileQueryValue }) },
    {
      weight: 2,
      arbitrary: fc.record({ op: fc.constant('extra' as const), key: hostileQueryKey, value: hostileQueryValue }),
    },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('raw' as const), text: hostileQueryString }) },
  );
  return fc.array(one, { minLength: 1, maxLength: 3 });
}

const malformedAuthorization = (consumerId: string) =>
  fc.oneof(
    fc.constantFrom(
      null,
      '',
      'HMAC',
      'HMAC ',
      'HMAC :',
      `HMAC ${consumerId}`,
      `HMAC ${consumerId}:`,
      `HMAC ${consumerId}:!!!!`,
      `HMAC ${consumerId}:abc====`,
      `HMAC ${consumerId}:${'A'.repeat(201)}`,
      `HMAC ${'a'.repeat(65)}:abcd`,
      `HMAC ../../etc:abcd`,
      `HMAC ${consumerId}:abcd:efgh`,
      `hmac ${consumerId}:abcd`,
      `Bearer ${consumerId}`,
      `Basic ${Buffer.from(`${consumerId}:x`).toString('base64')}`,
    ),
    hostileHeaderValue,
  );

const malformedTimestamp = fc.oneof(
  fc.constantFrom(null, '', 'abc', '-1', '0', '1e12', '1.5', ' 1', 'NaN', '99999999999999999', '١٢٣'),
  hostileHeaderValue,
);

function unsignedVariant(consumerId: string): fc.Arbitrary<Unsigned> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant({ kind: 'none' as const }) },
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant('malformed' as const),
        authorization: malformedAuthorization(consumerId),
        timestamp: malformedTimestamp,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('stale' as const),
        skewMs: fc.constantFrom(-300_001, 300_001, -86_400_000, 10 * 365 * 86_400_000),
      }),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'wrong-key' as const }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'unknown-consumer' as const }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'tampered' as const }) },
  );
}

const OTHER_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * The sweep: every field, query value and path parameter of the route in turn, each given every
 * value of a short list that parsers and storage engines trip on. Random attacks rarely hit one
 * given field with one given value; the sweep always does.
 */
export function sweepAttacks(route: RouteUnderTest, fx: Fixture): Attack[] {
  const { spec } = route;
  const base = spec.body?.(fx) ?? {};
  const plain = { unsigned: { kind: 'none' as const }, opsToken: 'right' as const, only: 'signed' as const };
  const attacks: Attack[] = [];
  for (const path of jsonPaths(base).filter((p) => p.length > 0)) {
    const current = getAt(base, path);
    const values =
      typeof current === 'string'
        ? SWEEP_STRINGS
        : typeof current === 'number'
          ? SWEEP_NUMBERS
          : typeof current === 'boolean'
            ? SWEEP_BOOLEANS
            : current === null
              ? [...SWEEP_STRINGS, ...SWEEP_NUMBERS]
              : [];
    for (const value of values)
      attacks.push({ ...plain, focus: 'body', body: { op: 'replace', changes: [{ path, value }] } });
  }
  // A key that reaches the prototype if a handler ever merges the body into an object.
  if (spec.body) {
    attacks.push({
      ...plain,
      focus: 'body',
      body: { op: 'extra', path: [], key: 'constructor', value: { prototype: { isAdmin: true } } },
    });
  }
  for (const key of Object.keys(spec.query?.(fx) ?? {})) {
    for (const value of SWEEP_QUERY_VALUES)
      attacks.push({ ...plain, focus: 'query', query: [{ op: 'set', key, value }] });
  }
  for (const name of route.paramNames) {
    for (const segment of SWEEP_SEGMENTS) attacks.push({ ...plain, focus: 'params', params: { [name]: segment } });
  }
  for (const [name, value] of SWEEP_HEADERS) attacks.push({ ...plain, focus: 'headers', headers: { [name]: value } });
  for (const name of Object.keys(spec.headers?.(fx) ?? {}))
    attacks.push({ ...plain, focus: 'headers', omitHeaders: [name] });
  if (spec.auth === 'consumer') {
    for (const unsigned of sweepUnsigned(fx.signer.id))
      attacks.push({ focus: 'headers', unsigned, opsToken: 'right', only: 'unsigned' });
  }
  if (spec.auth === 'ops' || spec.auth === 'admin') {
    for (const opsToken of ['none', 'wrong', 'other-scheme', 'empty'] as const)
      attacks.push({ focus: 'headers', unsigned: { kind: 'none' }, opsToken });
  }
  return attacks;
}

/** The sweep's headers: Idempotency-Key too long or malformed, and cache and encoding headers nobody sends. */
const SWEEP_HEADERS: readonly (readonly [string, string])[] = [
  ['idempotency-key', 'k'.repeat(101)],
  ['idempotency-key', 'k'.repeat(8_000)],
  ['idempotency-key', 'a b/c'],
  ['idempotency-key', ''],
  ['idempotency-key', 'ÿþ\t'],
  ['if-none-match', '"x", W/"y", *'],
  ['accept-encoding', 'gzip;q=NaN, br;q=-1, *;q=1e309'],
  ['accept', 'image/*;q=2, */*;q=-1'],
  // A client posing as loopback (rate-limit exempt) or as a proxy.
  ['x-forwarded-for', '127.0.0.1'],
  ['forwarded', 'for=127.0.0.1;proto=https'],
];

/** The sweep's ways of sending a signed route's request without a valid signature. */
function sweepUnsigned(consumerId: string): Unsigned[] {
  const malformed = (authorization: string | null, timestamp: string | null): Unsigned => ({
    kind: 'malformed',
    authorization,
    timestamp,
  });
  return [
    { kind: 'none' },
    malformed('HMAC', '1795399200000'),
    malformed(`HMAC ${consumerId}:`, '1795399200000'),
    malformed(`HMAC ${consumerId}:!!!!`, '1795399200000'),
    malformed(`HMAC ${consumerId}:${'A'.repeat(201)}`, '1795399200000'),
    malformed(`HMAC ${consumerId}:abcd`, null),
    malformed(`HMAC ${consumerId}:abcd`, '1e12'),
    { kind: 'stale', skewMs: -300_001 },
    { kind: 'stale', skewMs: 300_001 },
    { kind: 'wrong-key' },
    { kind: 'unknown-consumer' },
    { kind: 'tampered' },
  ];
}

/** A short account of an attack for failure reports. */
export function describeAttack(attack: Attack): string {
  const show = (value: unknown) => {
    const text = fc.stringify(value);
    return text.length > 80 ? `${text.slice(0, 80)}…` : text;
  };
  const parts: string[] = [];
  const body = attack.body;
  if (body?.op === 'replace')
    parts.push(...body.changes.map((c) => `body ${c.path.join('.') || '(root)'} ← ${show(c.value)}`));
  else if (body?.op === 'poison')
    parts.push(`body ${body.paths.map((p) => p.join('.')).join(', ')} ← ${show(body.value)}`);
  else if (body) parts.push(`body ${show(body)}`);
  if (attack.params) parts.push(`path ${show(attack.params)}`);
  if (attack.query) parts.push(`query ${show(attack.query)}`);
  if (attack.headers) parts.push(`headers ${show(attack.headers)}`);
  if (attack.omitHeaders) parts.push(`without ${attack.omitHeaders.join(', ')}`);
  if (attack.contentType !== undefined) parts.push(`content type ${show(attack.contentType)}`);
  if (attack.method) parts.push(`method ${attack.method}`);
  return parts.join('; ') || `signature ${show(attack.unsigned)}, token ${attack.opsToken}`;
}

/** Generated attacks on one route. */
export function attacksOn(route: RouteUnderTest, fx: Fixture): fc.Arbitrary<Attack> {
  const { spec } = route;
  const base = spec.body?.(fx) ?? {};
  const baseQuery = spec.query?.(fx) ?? {};
  const focus: fc.Arbitrary<Attack['focus']> = fc.oneof(
    { weight: spec.body ? 8 : 1, arbitrary: fc.constant('body' as const) },
    { weight: route.paramNames.length > 0 ? 4 : 0, arbitrary: fc.constant('params' as const) },
    { weight: spec.query ? 4 : 1, arbitrary: fc.constant('query' as const) },
    { weight: 2, arbitrary: fc.constant('headers' as const) },
    { weight: spec.body ? 2 : 1, arbitrary: fc.constant('content-type' as const) },
    { weight: 1, arbitrary: fc.constant('method' as const) },
  );
  const params =
    route.paramNames.length > 0
      ? fc
          .subarray(route.paramNames, { minLength: 1 })
          .chain((names) => fc.tuple(...names.map((name) => hostileSegment.map((segment) => [name, segment] as const))))
          .map((pairs) => Object.fromEntries(pairs))
      : fc.constant({});
  const headers = fc
    .uniqueArray(fc.constantFrom(...HOSTILE_HEADER_NAMES), { minLength: 1, maxLength: 3 })
    .chain((names) => fc.tuple(...names.map((name) => hostileHeaderValue.map((value) => [name, value] as const))))
    .map((pairs) => Object.fromEntries(pairs));
  const opsToken = fc.oneof(
    { weight: 8, arbitrary: fc.constant('right' as const) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('none' as const, 'wrong' as const, 'other-scheme' as const, 'empty' as const),
    },
  );
  return fc
    .record({
      focus,
      unsigned: unsignedVariant(fx.signer.id),
      opsToken,
      // A second broken part now and then, on top of the focus.
      extra: fc.oneof(
        { weight: 4, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: fc.constantFrom('query' as const, 'headers' as const, 'content-type' as const) },
      ),
    })
    .chain(({ focus, unsigned, opsToken, extra }) => {
      const parts = new Set([focus, extra]);
      return fc.record({
        focus: fc.constant(focus),
        unsigned: fc.constant(unsigned),
        opsToken: fc.constant(opsToken),
        method: parts.has('method')
          ? fc.constantFrom(...OTHER_METHODS.filter((m) => m !== route.method))
          : fc.constant(undefined),
        params: parts.has('params') ? params : fc.constant(undefined),
        query: parts.has('query') ? queryMutations(baseQuery) : fc.constant(undefined),
        body: parts.has('body') ? bodyMutation(base) : fc.constant(undefined),
        contentType: parts.has('content-type') ? hostileContentType : fc.constant(undefined),
        headers: parts.has('headers') ? headers : fc.constant(undefined),
      });
    })
    .map((attack) => {
      const clean: Attack = { focus: attack.focus, unsigned: attack.unsigned, opsToken: attack.opsToken };
      if (attack.method !== undefined) clean.method = attack.method;
      if (attack.params !== undefined) clean.params = attack.params;
      if (attack.query !== undefined) clean.query = attack.query;
      if (attack.body !== undefined) clean.body = attack.body;
      if (attack.contentType !== undefined) clean.contentType = attack.contentType;
      if (attack.headers !== undefined) clean.headers = attack.headers;
      return clean;
    });
}

// ── building requests ───────────────────────────────────────────────────────────────────

function clone<T>(value: T): T {
  return structuredClone(value);
}

function parentOf(root: unknown, path: JsonPath): { parent: Record<string | number, unknown>; last: string | number } {
  let node = root as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) node = node[step] as Record<string | number, unknown>;
  return { parent: node, last: path[path.length - 1]! };
}

function setAt(root: unknown, path: JsonPath, value: unknown): unknown {
  if (path.length === 0) return value;
  const { parent, last } = parentOf(root, path);
  parent[last] = value;
  return root;
}

function isContainer(value: unknown): value is Record<string | number, unknown> {
  return value !== null && typeof value === 'object';
}

function getAt(root: unknown, path: JsonPath): unknown {
  return path.reduce<unknown>((node, step) => (isContainer(node) ? node[step] : undefined), root);
}

/** The body text (or bytes) an attack sends; undefined for none. */
export function bodyOf(spec: RouteSpec, fx: Fixture, mutation: BodyMutation | undefined): string | Buffer | undefined {
  const base = spec.body?.(fx);
  if (!mutation) return base === undefined ? undefined : JSON.stringify(base);
  const body = clone(base ?? {});
  switch (mutation.op) {
    case 'replace': {
      let result: unknown = body;
      for (const { path, value } of mutation.changes) {
        // An earlier change may have replaced a parent of this path by a scalar.
        if (path.length === 0 || isContainer(getAt(result, path.slice(0, -1)))) result = setAt(result, path, value);
      }
      return toJsonText(result);
    }
    case 'poison':
      for (const path of mutation.paths) setAt(body, path, mutation.value);
      return toJsonText(body);
    case 'delete': {
      if (mutation.path.length === 0) return undefined;
      const { parent, last } = parentOf(body, mutation.path);
      if (Array.isArray(parent) && typeof last === 'number') parent.splice(last, 1);
      else delete parent[last];
      return toJsonText(body);
    }
    case 'extra': {
      const target = getAt(body, mutation.path);
      if (target !== null && typeof target === 'object' && !Array.isArray(target)) {
        // defineProperty, so '__proto__' becomes an own key that JSON.stringify writes out.
        Object.defineProperty(target, mutation.key, { value: mutation.value, enumerable: true, writable: true });
        return toJsonText(body);
      }
      return toJsonText(setAt(body, mutation.path, { [mutation.key]: mutation.value }));
    }
    case 'wrap':
      return toJsonText(setAt(body, mutation.path, [getAt(body, mutation.path)]));
    case 'repeat': {
      const target = getAt(body, mutation.path);
      const item = Array.isArray(target) ? target[0] : target;
      return toJsonText(
        setAt(
          body,
          mutation.path,
          Array.from({ length: mutation.times }, () => item),
        ),
      );
    }
    case 'whole':
      return toJsonText(mutation.value);
    case 'duplicate-key': {
      const text = JSON.stringify(body);
      const first = Object.keys(body)[0] ?? 'a';
      return text.replace(/^\{/, `{${JSON.stringify(first)}:${toJsonText(mutation.value) || 'null'},`);
    }
    case 'truncate':
      return JSON.stringify(body).slice(0, mutation.at);
    case 'text':
      return typeof mutation.text === 'string' ? mutation.text : mutation.text.text;
    case 'bytes':
      return Buffer.from(mutation.bytes);
    case 'none':
      return undefined;
  }
}

function queryOf(base: Record<string, string>, mutations: QueryMutation[] | undefined): string {
  const pairs: [string, string][] = Object.entries(base).map(([k, v]) => [encodeComponent(k), encodeComponent(v)]);
  let raw: string | null = null;
  for (const m of mutations ?? []) {
    if (m.op === 'raw') raw = m.text;
    else if (m.op === 'delete') pairs.splice(0, pairs.length, ...pairs.filter(([k]) => k !== encodeComponent(m.key)));
    else if (m.op === 'set') {
      const key = encodeComponent(m.key);
      const at = pairs.findIndex(([k]) => k === key);
      if (at >= 0) pairs[at] = [key, m.value];
      else pairs.push([m.key, m.value]);
    } else if (m.op === 'duplicate') pairs.push([encodeComponent(m.key), m.value]);
    else pairs.push([m.key, m.value]);
  }
  if (raw !== null) return raw;
  return pairs.length === 0 ? '' : `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`;
}

/** The path and query as the server receives them (the client normalises `.`/`..` segments and encodes what must be). */
export function normaliseUrl(url: string): string {
  const parsed = new URL(url, 'http://localhost');
  return parsed.pathname + parsed.search;
}

export interface BuiltRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** which way the request was sent, for reports */
  as: 'plain' | 'unsigned' | 'signed' | 'ops' | 'admin';
}

export const BOGUS_SIGNER: Signer = { id: 'no-such-consumer-0000', hmacKey: 'not-the-key' };

/**
 * The requests one attack sends: to a signed route one without a valid signature and one
 * correctly signed; to an operations route one with the token (or a bad one); else one.
 */
export function requestsFor(
  route: RouteUnderTest,
  fx: Fixture,
  attack: Attack,
  now: number,
  opsToken: string,
): BuiltRequest[] {
  const { spec } = route;
  const method = attack.method ?? route.method;
  const params = { ...(spec.params?.(fx) ?? {}), ...attack.params };
  const path = route.url.replace(/:(\w+)/g, (_m, name: string) => params[name] ?? '');
  const url = normaliseUrl(path + queryOf(spec.query?.(fx) ?? {}, attack.query));
  const payload = bodyOf(spec, fx, attack.body);
  const headers: Record<string, string> = { ...spec.headers?.(fx), ...attack.headers };
  for (const name of attack.omitHeaders ?? []) delete headers[name];
  const type =
    attack.contentType === undefined ? (payload === undefined ? null : 'application/json') : attack.contentType;
  if (type !== null) headers['content-type'] = type;
  const bodyText = payload === undefined ? '' : typeof payload === 'string' ? payload : payload.toString('utf8');
  const base = { method, url, ...(payload === undefined ? {} : { payload }) };
  const signed = (signer: Signer, parts: { body?: string; timestamp?: number } = {}) =>
    signHeaders(signer, {
      method,
      url,
      body: parts.body ?? bodyText,
      contentType: type ?? '',
      timestamp: String(parts.timestamp ?? now),
    });

  if (route.spec.auth === 'ops') {
    const token: Record<OpsToken, string | null> = {
      right: `Bearer ${opsToken}`,
      none: null,
      wrong: 'Bearer not-the-operations-token',
      'other-scheme': `Basic ${opsToken}`,
      empty: 'Bearer ',
    };
    const value = token[attack.opsToken];
    return [{ ...base, headers: { ...headers, ...(value === null ? {} : { authorization: value }) }, as: 'ops' }];
  }
  if (route.spec.auth === 'admin') {
    // The back office's session cookie: the fixture's, none, one that names no session, another cookie, an empty one.
    const cookie: Record<OpsToken, string | null> = {
      right: fx.adminCookie,
      none: null,
      wrong: 'venue_admin=not-a-session-0000000000000000000000000000000',
      'other-scheme': `other_${fx.adminCookie}`,
      empty: 'venue_admin=',
    };
    const value = cookie[attack.opsToken];
    return [{ ...base, headers: { ...headers, ...(value === null ? {} : { cookie: value }) }, as: 'admin' }];
  }
  if (route.spec.auth !== 'consumer') return [{ ...base, headers, as: 'plain' }];

  const u = attack.unsigned;
  let unsignedHeaders: Record<string, string>;
  switch (u.kind) {
    case 'none':
      unsignedHeaders = {};
      break;
    case 'malformed':
      unsignedHeaders = {
        ...(u.authorization === null ? {} : { authorization: u.authorization }),
        ...(u.timestamp === null ? {} : { 'x-timestamp': u.timestamp }),
      };
      break;
    case 'stale':
      unsignedHeaders = signed(fx.signer, { timestamp: now + u.skewMs });
      break;
    case 'wrong-key':
      unsignedHeaders = signed({ id: fx.signer.id, hmacKey: `${fx.signer.hmacKey}x` });
      break;
    case 'unknown-consumer':
      unsignedHeaders = signed(BOGUS_SIGNER);
      break;
    case 'tampered':
      unsignedHeaders = signed(fx.signer, { body: `${bodyText} ` });
      break;
  }
  const both: BuiltRequest[] = [
    { ...base, headers: { ...headers, ...unsignedHeaders }, as: 'unsigned' },
    { ...base, headers: { ...headers, ...signed(fx.signer) }, as: 'signed' },
  ];
  return attack.only ? both.filter((request) => request.as === attack.only) : both;
}

export type { RouteAuth };
