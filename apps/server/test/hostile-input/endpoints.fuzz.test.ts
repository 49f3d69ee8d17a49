/**
 * Hostile input to every endpoint (issue 7 §4 "Bad input"): property-based tests that send
 * generated and hostile requests to every route the app registers — /v1, /ops/v1 and the rest —
 * on the real app and database, and check each answer: never a 5xx, never a stack trace, a
 * source path or SQL, a JSON message for every 4xx, no success without a valid signature or
 * token, and nothing stored by a rejected request (every table's rows and every vendor's
 * current-menu answer are compared before and after each one).
 *
 * Per route, in two parts: a sweep (every body field, query value, path parameter, a few headers
 * and every way of not signing, each given a fixed list of troublesome values), then random
 * attacks (fast-check) on any part of the request, shrunk to the smallest failing one.
 *
 * Reproducible: a fixed seed per route. FUZZ_RUNS raises the number of random attacks per route
 * (40; each attack on a signed route is sent twice: without a valid signature and correctly
 * signed by a real consumer), FUZZ_SEED changes the seed.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions, RouteOptions } from 'fastify';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isSessionGuard } from '../../src/routes/admin/admin-auth.ts';
import { createManager, setPasswordFromLink, signIn } from '../../src/modules/managers/managers.service.ts';
import { initiateTestPayment, placeTestOrder } from '../../src/test/checkout.ts';
import { databases } from '../../src/test/databases.ts';
import { createTestConsumer } from '../../src/test/signed-requests.ts';
import { TEST_OPS_TOKEN, useTestApp } from '../../src/test/test-app.ts';
import {
  attacksOn,
  describeAttack,
  requestsFor,
  sweepAttacks,
  type Attack,
  type BuiltRequest,
  type RouteUnderTest,
} from './attacks.ts';
import { makeEditorFixture, PLACEHOLDER_EDITOR_FIXTURE } from './editor-fixture.ts';
import { answerProblems } from './response-checks.ts';
import { ROUTE_SPECS, type Fixture } from './route-specs.ts';
import { differences, fingerprinter, listTables, type Fingerprint, type TableShape } from './stored-state.ts';

const settings = z
  .object({
    FUZZ_RUNS: z.coerce.number().int().positive().default(40),
    FUZZ_SEED: z.coerce.number().int().default(20_261_123),
  })
  .parse({ FUZZ_RUNS: process.env.FUZZ_RUNS || undefined, FUZZ_SEED: process.env.FUZZ_SEED || undefined });

/** Monday 13:00 in Sydney: the demo vendors are trading. */
const NOW = Date.parse('2026-11-23T02:00:00.000Z');
const VENDOR_ID = 2;
const CHEESEBURGER = { menuItemId: 201, quantity: 2, modifiers: [{ modifierId: 2003 }, { modifierId: 2011 }] };
const ROUTE_TIMEOUT_MS = 180_000 * Math.max(1, settings.FUZZ_RUNS / 40);

/** A seed per route, so adding a route does not change what the others are sent. */
function seedFor(key: string): number {
  let h = settings.FUZZ_SEED | 0;
  for (const char of key) h = Math.imul(h ^ char.charCodeAt(0), 16_777_619);
  return h | 0;
}

const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;

function describeFailure(
  attack: Attack,
  request: BuiltRequest,
  status: number,
  body: string,
  problems: string[],
): string {
  const payload =
    request.payload === undefined
      ? '(none)'
      : typeof request.payload === 'string'
        ? JSON.stringify(clip(request.payload, 300))
        : `bytes ${request.payload.toString('hex').slice(0, 120)}`;
  const headers = Object.entries(request.headers)
    .map(([k, v]) => `${k}: ${JSON.stringify(clip(v, 120))}`)
    .join(', ');
  return [
    `${problems.join('; ')}`,
    `attack: ${describeAttack(attack)}`,
    `request (${request.as}): ${request.method} ${clip(request.url, 300)}`,
    `headers: ${headers || '(none)'}`,
    `body: ${payload}`,
    `answer: ${status} ${clip(body, 500)}`,
  ].join('\n');
}

/** The routes an app registered, keyed `METHOD url`; HEAD goes with its GET (it is sent as a method variant). */
function enumerate(registered: readonly RouteOptions[]): Map<string, RouteUnderTest & { options: RouteOptions }> {
  const routes = new Map<string, RouteUnderTest & { options: RouteOptions }>();
  const gets = new Set(registered.filter((r) => [r.method].flat().includes('GET')).map((r) => r.url));
  for (const options of registered) {
    for (const method of [options.method].flat()) {
      if (method === 'HEAD' && gets.has(options.url)) continue;
      const key = `${method} ${options.url}`;
      const spec = ROUTE_SPECS[key];
      const paramNames = [...options.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      routes.set(key, { key, method, url: options.url, spec: spec ?? { auth: 'none' }, paramNames, options });
    }
  }
  return routes;
}

describe.each(databases)('hostile input to every endpoint on $name', (database) => {
  const registered: RouteOptions[] = [];
  const outbox = join(tmpdir(), `venue-fuzz-outbox-${process.pid}-${randomBytes(4).toString('hex')}`);
  const ctx = useTestApp(database, {
    clock: () => NOW,
    onRoute: (route) => registered.push(route),
    // Every wrong token the sweep sends is a failed sign-in from one address; the limit has its own tests.
    // Metrics on (METRICS_PORT, never listened on here): every request is counted by its route pattern.
    env: { OUTBOX_DIR: outbox, OPS_SIGN_IN_LIMIT: String(Number.MAX_SAFE_INTEGER), METRICS_PORT: '0' },
    // Event streams never end by themselves; here each ends after a moment so its whole answer can be checked.
    eventStreams: { maxStreamMs: 30 },
  });
  let routes: ReturnType<typeof enumerate>;
  let tables: TableShape[];
  let vendorIds: number[];
  /** route → status → requests answered with it */
  const tally = new Map<string, Map<number, number>>();
  const attacksTried = new Map<string, number>();
  const sweep = new Map<string, number>();

  beforeAll(async () => {
    routes = enumerate(registered);
    tables = await listTables(ctx.database.db, ctx.database.dialect);
    const rows = await sql<{ id: number }>`select id from vendors order by id`.execute(ctx.database.db);
    vendorIds = rows.rows.map((row) => Number(row.id));
  });

  afterAll(() => {
    rmSync(outbox, { recursive: true, force: true });
    if (tally.size === 0) return;
    const lines: string[] = [];
    let requests = 0;
    let swept = 0;
    let random = 0;
    for (const [key, statuses] of [...tally].sort(([a], [b]) => a.localeCompare(b))) {
      const sent = [...statuses.values()].reduce((a, b) => a + b, 0);
      requests += sent;
      swept += sweep.get(key) ?? 0;
      random += attacksTried.get(key) ?? 0;
      const byStatus = [...statuses]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status}×${n}`)
        .join(' ');
      const counts = `${String(sweep.get(key) ?? 0).padStart(4)} swept ${String(attacksTried.get(key) ?? 0).padStart(4)} random ${String(sent).padStart(5)} requests`;
      lines.push(`  ${key.padEnd(66)} ${counts}  ${byStatus}`);
    }
    console.log(
      [
        `Hostile input on ${database.name} (seed ${settings.FUZZ_SEED}, ${settings.FUZZ_RUNS} random attacks per route):`,
        ...lines,
        `  total: ${requests} requests to ${tally.size} routes (${swept} swept inputs, ${random} random attacks)`,
      ].join('\n'),
    );
  });

  it('has a generator for every route the app registers, matching what the route takes', async () => {
    const missing = [...routes.keys()].filter((key) => !ROUTE_SPECS[key]);
    expect(missing, 'routes without an entry in test/hostile-input/route-specs.ts').toEqual([]);

    const mismatched: string[] = [];
    for (const route of routes.values()) {
      const { spec, options } = route;
      const schema = (options.schema ?? {}) as { body?: unknown; querystring?: unknown };
      if (Boolean(schema.body) !== Boolean(spec.body)) mismatched.push(`${route.key}: body`);
      if (Boolean(schema.querystring) !== Boolean(spec.query)) mismatched.push(`${route.key}: query`);
      const specParams = Object.keys(spec.params?.(placeholderFixture) ?? {}).sort();
      if (specParams.join() !== [...route.paramNames].sort().join()) mismatched.push(`${route.key}: params`);
      const signed = options.preValidation !== undefined;
      if (signed !== (spec.auth === 'consumer')) mismatched.push(`${route.key}: signed`);
      if (route.url.startsWith('/ops/') !== (spec.auth === 'ops')) mismatched.push(`${route.key}: ops token`);
      const sessionGuarded = [options.onRequest].flat().some(isSessionGuard) && route.url.startsWith('/admin/');
      if (sessionGuarded !== (spec.auth === 'admin')) mismatched.push(`${route.key}: admin session`);
    }
    expect(mismatched, 'entries of test/hostile-input/route-specs.ts that do not match their route').toEqual([]);

    // The enumeration misses nothing the OpenAPI document lists.
    const doc = (await ctx.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((m) => m !== 'head')
        .map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(documented.length).toBeGreaterThan(20);
    expect(documented.filter((key) => !routes.has(key))).toEqual([]);
    expect([...routes.keys()].filter((key) => key.startsWith('PATCH /ops/v1/')).length).toBeGreaterThan(0);
  });

  /** The admin's session cookie, kept across routes while it stays signed in (a password hash costs a second here). */
  let adminCookie: string | null = null;
  const signedIn = async (cookie: string) =>
    (await ctx.app.inject({ method: 'GET', url: '/admin/v1/session', headers: { cookie } })).statusCode === 200;

  /** A venue admin signed in (made once), a store manager to disable, and a fresh password link. */
  async function backOffice() {
    const db = ctx.database.db;
    const password = 'a long enough pass phrase';
    if (!adminCookie || !(await signedIn(adminCookie))) {
      const existing = await db
        .selectFrom('managers')
        .select('id')
        .where('email', '=', 'fuzz-admin@venue.example')
        .executeTakeFirst();
      if (!existing) {
        const admin = await createManager(
          db,
          { email: 'fuzz-admin@venue.example', name: 'Fuzz Admin', role: 'admin' },
          'test',
          ctx.app.clock(),
        );
        await setPasswordFromLink(db, admin.token, password, ctx.app.clock());
      }
      const session = await signIn(db, 'fuzz-admin@venue.example', password, ctx.app.clock());
      adminCookie = `venue_admin=${session!.token}`;
    }
    const store = await createManager(
      db,
      { email: `fuzz-store-${randomUUID()}@venue.example`, name: 'Fuzz Store', role: 'store', vendorIds: [VENDOR_ID] },
      'test',
      ctx.app.clock(),
    );
    return { adminCookie, managerId: store.manager.id, passwordToken: store.token };
  }

  async function makeFixture(): Promise<Fixture> {
    const signer = await createTestConsumer(ctx.app, 'Fuzz Customer');
    const order = await placeTestOrder(ctx.app, signer, VENDOR_ID, [CHEESEBURGER]);
    const payment = await initiateTestPayment(ctx.app, signer, order);
    const menu = (await ctx.app.inject({ method: 'GET', url: `/v1/vendor/${VENDOR_ID}/current-menu` })).json() as {
      items: { id: number; currentInventory: number | null; visible: boolean; displayAssetId: number | null }[];
    };
    const item = menu.items.find((i) => i.id === CHEESEBURGER.menuItemId)!;
    const vendors = (await ctx.app.inject({ method: 'GET', url: '/v1/venue/0/vendors' })).json() as {
      id: number;
      isOpen: boolean;
      isPaused: boolean;
      tts: number;
    }[];
    const vendor = vendors.find((v) => v.id === VENDOR_ID)!;
    const staffToken = await ctx.app.inject({
      method: 'POST',
      url: `/ops/v1/vendor/${VENDOR_ID}/staff-tokens`,
      headers: { authorization: `Bearer ${TEST_OPS_TOKEN}` },
      payload: { name: 'Fuzz tablet' },
    });
    return {
      signer,
      vendorId: VENDOR_ID,
      orderId: order.id,
      paymentId: payment.id,
      accessCode: payment.accessCode,
      reference: payment.reference,
      orderTotalMinor: payment.totalPrice.minorAmount,
      orderItem: CHEESEBURGER,
      item: { id: item.id, currentInventory: item.currentInventory, visible: item.visible },
      vendor: { isOpen: vendor.isOpen, isPaused: vendor.isPaused, tts: vendor.tts },
      assetId: item.displayAssetId ?? menu.items.find((i) => i.displayAssetId !== null)!.displayAssetId!,
      staffTokenId: (staffToken.json() as { id: number }).id,
      ...(await backOffice()),
      editor: await makeEditorFixture(ctx.database.db, NOW),
    };
  }

  it.each(Object.keys(ROUTE_SPECS))(
    '%s: no 5xx, no leak, nothing stored when rejected',
    async (key) => {
      const route = routes.get(key);
      expect(
        route,
        `${key} is not registered any more: remove it from test/hostile-input/route-specs.ts`,
      ).toBeDefined();
      if (!route) return;
      const fx = await makeFixture();
      const state = fingerprinter(ctx.app, ctx.database.db, ctx.database.dialect, tables, vendorIds);
      let baseline: Fingerprint = await state();
      const statuses = tally.get(key) ?? new Map<number, number>();
      tally.set(key, statuses);

      /** Sends the requests of an attack and answers what is wrong with each. */
      const send = async (attack: Attack): Promise<string[]> => {
        const failures: string[] = [];
        for (const request of requestsFor(route, fx, attack, ctx.app.clock(), TEST_OPS_TOKEN)) {
          const res = await ctx.app.inject({
            method: request.method as InjectOptions['method'],
            url: request.url,
            headers: request.headers,
            ...(request.payload === undefined ? {} : { payload: request.payload }),
          });
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const payloadText =
            request.payload === undefined
              ? ''
              : typeof request.payload === 'string'
                ? request.payload
                : request.payload.toString('utf8');
          const sent = [request.url, ...Object.values(request.headers), payloadText].join('\n');
          const problems = answerProblems(
            { statusCode: res.statusCode, headers: res.headers, body: res.body },
            request.method,
            sent,
          );
          const sameRoute = attack.method === undefined;
          const withoutCredentials =
            request.as === 'unsigned' ||
            ((request.as === 'ops' || request.as === 'admin') && attack.opsToken !== 'right');
          if (sameRoute && withoutCredentials && res.statusCode < 400) {
            problems.push(
              `answered ${res.statusCode} without a valid ${request.as === 'ops' ? 'token' : request.as === 'admin' ? 'session' : 'signature'}`,
            );
          }
          if (res.statusCode >= 400) {
            const after = await state();
            const stored = differences(baseline, after);
            if (stored.length > 0) problems.push(`rejected with ${res.statusCode} but stored: ${stored.join('; ')}`);
            baseline = after;
          } else {
            // Accepted (a hostile request may still be a valid one): what it stored is its business.
            baseline = await state();
          }
          if (problems.length > 0) failures.push(describeFailure(attack, request, res.statusCode, res.body, problems));
        }
        return failures;
      };

      // 1. The sweep: every field, query value and parameter × a fixed list of values; every failure is reported.
      const sweepFailures: string[] = [];
      for (const attack of sweepAttacks(route, fx)) {
        sweep.set(key, (sweep.get(key) ?? 0) + 1);
        sweepFailures.push(...(await send(attack)));
      }
      expect(sweepFailures.slice(0, 10).join('\n\n'), `${sweepFailures.length} sweep requests failed`).toBe('');

      // 2. Random attacks on every part of the request, signed and unsigned; the first failure is shrunk and reported.
      const property = fc.asyncProperty(attacksOn(route, fx), async (attack) => {
        attacksTried.set(key, (attacksTried.get(key) ?? 0) + 1);
        const failures = await send(attack);
        if (failures.length > 0) throw new Error(failures.join('\n\n'));
      });
      await fc.assert(property, { seed: seedFor(key), numRuns: settings.FUZZ_RUNS });
    },
    ROUTE_TIMEOUT_MS,
  );

  it('counted everything it sent under route patterns: at most one per registered route, plus unmatched', () => {
    const patterns = new Set(registered.map((route) => route.url));
    const seen = ctx.app.metrics!.requests.routePatterns();
    expect(seen.length).toBeGreaterThan(20);
    expect(seen.filter((pattern) => pattern !== 'unmatched' && !patterns.has(pattern))).toEqual([]);
    expect(seen.length).toBeLessThanOrEqual(patterns.size + 1);
  });
});

/** Ids for checking which parameters an entry names; never sent. */
const placeholderFixture: Fixture = {
  adminCookie: 'venue_admin=x',
  managerId: 0,
  passwordToken: 'x',
  signer: { id: 'x', hmacKey: 'x' },
  vendorId: 0,
  orderId: 0,
  paymentId: 0,
  accessCode: '',
  reference: '',
  orderTotalMinor: 0,
  orderItem: CHEESEBURGER,
  item: { id: 0, currentInventory: null, visible: true },
  vendor: { isOpen: true, isPaused: false, tts: 0 },
  assetId: 0,
  staffTokenId: 0,
  editor: PLACEHOLDER_EDITOR_FIXTURE,
};
