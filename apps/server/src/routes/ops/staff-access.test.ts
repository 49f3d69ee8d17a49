/**
 * Staff access scoped to a store (issue 14 §3): the admin makes, lists and revokes per-store staff
 * tokens; a staff token acts only on its own store's /ops/v1/vendor/{id}/… routes (never on the
 * staff-token routes) and gets 403 anywhere else with nothing changed; a revocation acts at once,
 * also in another server process; the audit log names the credential; failed sign-ins are limited.
 */
import { createHash } from 'node:crypto';
import { connect, type AddressInfo } from 'node:net';
import { ErrorBody } from '@venue/contract/common';
import { OpsOrder, OpsOrderList } from '@venue/contract/ops-orders';
import type { PlacedOrder } from '@venue/contract/order';
import { StaffTokenCreated, StaffTokenList } from '@venue/contract/staff-tokens';
import type { FastifyInstance, FastifyPluginAsync, InjectOptions, RouteOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { differences, fingerprint, listTables, type TableShape } from '../../../test/hostile-input/stored-state.ts';
import { initiateTestPayment, payByCard, placeTestOrder, updatePayment } from '../../test/checkout.ts';
import { databases } from '../../test/databases.ts';
import { createTestConsumer } from '../../test/signed-requests.ts';
import { TEST_DATABASE_URL } from '../../test/test-env.ts';
import { TEST_OPS_TOKEN, testConfig, useTestApp } from '../../test/test-app.ts';
import { credentialIsCurrent, REVOKED_TOKEN_MESSAGE, STAFF_SCOPE_MESSAGE } from './ops-auth.ts';

/** Monday 13:00 in Sydney: the demo stores are trading. */
const START = Date.parse('2026-11-23T02:00:00.000Z');
const MINUTE = 60_000;
const admin = { authorization: `Bearer ${TEST_OPS_TOKEN}` };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const OWN = 2;
const OTHER = 3;
const CHEESEBURGER = { menuItemId: 201, quantity: 1, modifiers: [{ modifierId: 2003 }, { modifierId: 2011 }] };
const GARLIC_BREAD = { menuItemId: 307, quantity: 1, modifiers: [] };
const LINE_OF: Record<number, unknown> = { [OWN]: CHEESEBURGER, [OTHER]: GARLIC_BREAD };
const ITEM_OF: Record<number, number> = { [OWN]: 201, [OTHER]: 301 };

/** Routes the operations API does not have in this build, registered in its scope: a non-vendor route must be refused too. */
let probeCalls = 0;
const probeRoutes: FastifyPluginAsync = async (app) => {
  app.post('/venue/:venueId/probe', async () => {
    probeCalls += 1;
    return { ok: true };
  });
  app.get('/probe', async () => {
    probeCalls += 1;
    return { ok: true };
  });
};

/** A second handle on the same database, as another server process would have (its own connections). */
async function openSecondHandle(db: DatabaseHandle): Promise<DatabaseHandle> {
  if (db.dialect === 'postgres') {
    const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(db.db)).rows[0]!.schema;
    return openDatabase({ kind: 'postgres', url: TEST_DATABASE_URL! }, { searchPath: schema, poolSize: 2 });
  }
  const file = (await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db.db))
    .rows[0]!.file;
  return openDatabase({ kind: 'sqlite', path: file });
}

describe.each(databases)('staff access on $name', (database) => {
  let now = START;
  const registered: RouteOptions[] = [];
  const ctx = useTestApp(database, {
    clock: () => now,
    extraOpsRoutes: probeRoutes,
    onRoute: (route) => registered.push(route),
  });
  let tables: TableShape[];
  const orders: Record<number, PlacedOrder> = {};

  const inject = (options: InjectOptions) => ctx.app.inject(options);
  const state = () => fingerprint(ctx.app, ctx.database.db, tables, [OWN, OTHER]);

  const createToken = async (vendorId: number, name: string) => {
    const res = await inject({
      method: 'POST',
      url: `/ops/v1/vendor/${vendorId}/staff-tokens`,
      headers: admin,
      payload: { name },
    });
    expect(res.statusCode, res.body).toBe(201);
    return StaffTokenCreated.parse(res.json());
  };

  const paidOrder = async (vendorId: number) => {
    const consumer = await createTestConsumer(ctx.app, 'Sam Lee');
    const order = await placeTestOrder(ctx.app, consumer, vendorId, [LINE_OF[vendorId]]);
    const payment = await initiateTestPayment(ctx.app, consumer, order);
    const result = await payByCard(ctx.app, payment);
    const res = await updatePayment(ctx.app, consumer, order, payment.id, { transactionId: result.id });
    expect(res.statusCode, res.body).toBe(200);
    return order;
  };

  /** The store's own routes, each a change an admin could make (or a read). */
  const storeRequests = (vendorId: number): InjectOptions[] => [
    { method: 'GET', url: `/ops/v1/vendor/${vendorId}/orders` },
    {
      method: 'POST',
      url: `/ops/v1/vendor/${vendorId}/order/${orders[vendorId]!.id}/status`,
      payload: { status: 'VendorSupportRequired' },
    },
    { method: 'PATCH', url: `/ops/v1/vendor/${vendorId}`, payload: { tts: 17 * MINUTE } },
    {
      method: 'PATCH',
      url: `/ops/v1/vendor/${vendorId}/menu-item/${ITEM_OF[vendorId]}`,
      payload: { currentInventory: 9 },
    },
  ];

  const staffTokenRequests = (vendorId: number): InjectOptions[] => [
    { method: 'POST', url: `/ops/v1/vendor/${vendorId}/staff-tokens`, payload: { name: 'Sneaky' } },
    { method: 'GET', url: `/ops/v1/vendor/${vendorId}/staff-tokens` },
    { method: 'DELETE', url: `/ops/v1/vendor/${vendorId}/staff-tokens/1` },
  ];

  /** Sends each request with the token, expects 403 with the scope message, and checks nothing changed. */
  const expectRefused = async (token: string, requests: InjectOptions[]) => {
    const before = await state();
    const calls = probeCalls;
    for (const request of requests) {
      const res = await inject({ ...request, headers: { ...request.headers, ...bearer(token) } });
      expect(res.statusCode, `${request.method} ${request.url}: ${res.body}`).toBe(403);
      expect(ErrorBody.parse(res.json()).message).toBe(STAFF_SCOPE_MESSAGE);
    }
    expect(differences(before, await state())).toEqual([]);
    expect(probeCalls).toBe(calls);
  };

  beforeAll(async () => {
    tables = await listTables(ctx.database.db, ctx.database.dialect);
    orders[OWN] = await paidOrder(OWN);
    orders[OTHER] = await paidOrder(OTHER);
  });

  it('makes a token shown once, stored only as its SHA-256 hash, listed without secrets, and revoked at once', async () => {
    const res = await inject({
      method: 'POST',
      url: `/ops/v1/vendor/${OWN}/staff-tokens`,
      headers: admin,
      payload: { name: '  Bar tablet 1  ' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const created = StaffTokenCreated.parse(res.json());
    expect(created).toMatchObject({ vendorId: OWN, name: 'Bar tablet 1', createdAt: new Date(now).toISOString() });
    expect(created.token).toMatch(/^vst_[A-Za-z0-9_-]{43}$/);
    // a link (or QR code) that signs a staff display in, the token in its fragment
    expect(created.signInUrl).toMatch(/\/staff#token=vst_[A-Za-z0-9_-]{43}$/);
    expect(created.signInQrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(Object.keys(res.json()).sort()).toEqual([
      'createdAt',
      'id',
      'name',
      'signInQrSvg',
      'signInUrl',
      'token',
      'vendorId',
    ]);

    // The database holds the hash, never the token or any part of its random text.
    const rows = await sql<Record<string, unknown>>`select * from staff_tokens`.execute(ctx.database.db);
    const row = rows.rows.find((r) => Number(r.id) === created.id)!;
    expect(row.token_hash).toBe(createHash('sha256').update(created.token).digest('hex'));
    const secret = created.token.slice('vst_'.length);
    expect(JSON.stringify(rows.rows)).not.toContain(secret.slice(0, 16));
    const audit = await sql<Record<string, unknown>>`select * from audit_log`.execute(ctx.database.db);
    expect(JSON.stringify(audit.rows)).not.toContain(secret.slice(0, 16));

    const second = await createToken(OWN, 'Kitchen screen');
    expect(second.token).not.toBe(created.token);

    const list = await inject({ method: 'GET', url: `/ops/v1/vendor/${OWN}/staff-tokens`, headers: admin });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret.slice(0, 16));
    expect(list.body).not.toContain('"token"');
    const listed = StaffTokenList.parse(list.json()).filter((t) => [created.id, second.id].includes(t.id));
    expect(listed).toEqual([
      {
        id: created.id,
        vendorId: OWN,
        name: 'Bar tablet 1',
        createdAt: created.createdAt,
        lastUsedAt: null,
        revokedAt: null,
      },
      {
        id: second.id,
        vendorId: OWN,
        name: 'Kitchen screen',
        createdAt: second.createdAt,
        lastUsedAt: null,
        revokedAt: null,
      },
    ]);
    const otherStore = await inject({ method: 'GET', url: `/ops/v1/vendor/${OTHER}/staff-tokens`, headers: admin });
    expect(StaffTokenList.parse(otherStore.json()).map((t) => t.id)).not.toContain(created.id);

    // Used: the list says when, rounded down to the minute (as the README says).
    now += 42_500;
    const lastUsedOf = async () =>
      StaffTokenList.parse(
        (await inject({ method: 'GET', url: `/ops/v1/vendor/${OWN}/staff-tokens`, headers: admin })).json(),
      ).find((t) => t.id === created.id)?.lastUsedAt;
    const useOnce = async () =>
      expect(
        (await inject({ method: 'GET', url: `/ops/v1/vendor/${OWN}/orders`, headers: bearer(created.token) }))
          .statusCode,
      ).toBe(200);
    await useOnce();
    expect(await lastUsedOf()).toBe('2026-11-23T02:00:00.000Z');
    // 30 s later is the next minute: the use is recorded again, at that minute.
    now += 30_000;
    await useOnce();
    expect(await lastUsedOf()).toBe('2026-11-23T02:01:00.000Z');
    now -= 72_500;

    now += 1000;
    const revoke = () =>
      inject({ method: 'DELETE', url: `/ops/v1/vendor/${OWN}/staff-tokens/${created.id}`, headers: admin });
    const revoked = await revoke();
    expect(revoked.statusCode).toBe(204);
    expect(revoked.body).toBe('');
    const afterRevoke = await inject({
      method: 'GET',
      url: `/ops/v1/vendor/${OWN}/orders`,
      headers: bearer(created.token),
    });
    expect(afterRevoke.statusCode).toBe(401);
    expect(ErrorBody.parse(afterRevoke.json()).message).toBe(REVOKED_TOKEN_MESSAGE);
    // Revoking again is safe and keeps the first revocation time.
    now += 1000;
    expect((await revoke()).statusCode).toBe(204);
    const listedAfter = StaffTokenList.parse(
      (await inject({ method: 'GET', url: `/ops/v1/vendor/${OWN}/staff-tokens`, headers: admin })).json(),
    );
    expect(listedAfter.find((t) => t.id === created.id)?.revokedAt).toBe(new Date(now - 1000).toISOString());
    expect(listedAfter.find((t) => t.id === second.id)?.revokedAt).toBeNull();

    const trail = await sql<{ actor: string; action: string; entity_id: string }>`
      select actor, action, entity_id from audit_log where entity = 'staff_token' order by id`.execute(ctx.database.db);
    expect(trail.rows.filter((r) => r.entity_id === String(created.id)).map((r) => [r.actor, r.action])).toEqual([
      ['ops', 'staff-token.create'],
      ['ops', 'staff-token.revoke'],
    ]);
  });

  it('documents the staff-token routes and both credentials in the OpenAPI document', async () => {
    const doc = (await inject({ method: 'GET', url: '/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, { security?: unknown }>>;
      components: { securitySchemes: Record<string, { scheme: string; description?: string }> };
    };
    expect(Object.keys(doc.paths['/ops/v1/vendor/{vendorId}/staff-tokens'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(doc.paths['/ops/v1/vendor/{vendorId}/staff-tokens/{id}']?.delete?.security).toEqual([{ opsToken: [] }]);
    const scheme = doc.components.securitySchemes.opsToken!;
    expect(scheme.scheme).toBe('bearer');
    expect(scheme.description).toMatch(/OPS_TOKEN[\s\S]*staff token[\s\S]*403/);
  });

  it('answers 404 for an unknown store or token and 400 for a bad name, storing nothing', async () => {
    const unknownVendor = await inject({
      method: 'POST',
      url: '/ops/v1/vendor/99/staff-tokens',
      headers: admin,
      payload: { name: 'Bar tablet' },
    });
    expect(unknownVendor.statusCode).toBe(404);
    expect(ErrorBody.parse(unknownVendor.json()).message).toBe('Vendor 99 not found');
    expect((await inject({ method: 'GET', url: '/ops/v1/vendor/99/staff-tokens', headers: admin })).statusCode).toBe(
      404,
    );
    const mine = await createToken(OWN, 'Till');
    const before = await state();
    for (const url of [
      `/ops/v1/vendor/${OWN}/staff-tokens/999999`,
      // a real token, but of another store
      `/ops/v1/vendor/${OTHER}/staff-tokens/${mine.id}`,
      `/ops/v1/vendor/99/staff-tokens/${mine.id}`,
    ]) {
      const res = await inject({ method: 'DELETE', url, headers: admin });
      expect(res.statusCode, url).toBe(404);
      ErrorBody.parse(res.json());
    }
    for (const payload of [
      {},
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(81) },
      { name: 42 },
      { name: 'Bar\nTablet' },
      { name: 'Bar tablet', extra: true },
    ]) {
      const res = await inject({ method: 'POST', url: `/ops/v1/vendor/${OWN}/staff-tokens`, headers: admin, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      ErrorBody.parse(res.json());
    }
    expect(differences(before, await state())).toEqual([]);
    // 80 characters after trimming is fine.
    expect((await createToken(OWN, ` ${'y'.repeat(80)} `)).name).toBe('y'.repeat(80));
  });

  it("lets a store's token act on that store, recorded under its name, and on nothing else", async () => {
    const staff = await createToken(OWN, 'Bar tablet 1');
    const actor = `staff:${staff.id}:Bar tablet 1`;

    // Its own store: the orders list, a status change, the store's switches, an item's stock.
    const [list, status, vendor, item] = storeRequests(OWN);
    const listed = await inject({ ...list!, headers: bearer(staff.token) });
    expect(listed.statusCode).toBe(200);
    expect(OpsOrderList.parse(listed.json()).map((o) => o.id)).toContain(orders[OWN]!.id);
    const moved = await inject({ ...status!, headers: bearer(staff.token) });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(OpsOrder.parse(moved.json()).orderStatus).toBe('VendorSupportRequired');
    const retimed = await inject({ ...vendor!, headers: bearer(staff.token) });
    expect(retimed.statusCode, retimed.body).toBe(200);
    expect(retimed.json()).toMatchObject({ id: OWN, tts: 17 * MINUTE });
    const stocked = await inject({ ...item!, headers: bearer(staff.token) });
    expect(stocked.statusCode, stocked.body).toBe(200);
    expect(stocked.json()).toMatchObject({ id: ITEM_OF[OWN], currentInventory: 9 });

    const trail = await sql<{ actor: string; action: string; entity_id: string }>`
      select actor, action, entity_id from audit_log where actor like 'staff:%' order by id`.execute(ctx.database.db);
    expect(trail.rows.map((r) => [r.actor, r.action, r.entity_id])).toEqual([
      [actor, 'order.status', String(orders[OWN]!.id)],
      [actor, 'vendor.update', String(OWN)],
      [actor, 'menu-item.update', String(ITEM_OF[OWN])],
    ]);

    // Another store's same routes, the staff-token routes (its own store's too), non-vendor routes.
    await expectRefused(staff.token, storeRequests(OTHER));
    await expectRefused(staff.token, [...staffTokenRequests(OWN), ...staffTokenRequests(OTHER)]);
    await expectRefused(staff.token, [
      { method: 'POST', url: '/ops/v1/venue/0/probe', payload: {} },
      { method: 'GET', url: '/ops/v1/probe' },
      { method: 'GET', url: '/ops/v1/vendor/99/orders' },
    ]);

    // The same requests from the admin do act: the refusals above were the scope, not the requests.
    for (const request of storeRequests(OTHER)) {
      const res = await inject({ ...request, headers: admin });
      expect(res.statusCode, `${request.method} ${request.url}: ${res.body}`).toBe(200);
    }
    expect((await inject({ method: 'GET', url: '/ops/v1/probe', headers: admin })).statusCode).toBe(200);
  });

  it('refuses a staff token on every operations route outside its store, whatever the route', async () => {
    const staff = await createToken(OWN, 'Sweep');
    const refused: InjectOptions[] = [];
    // GET /ops/v1/credential answers every valid credential (who am I): tested below
    for (const route of registered.filter((r) => r.url.startsWith('/ops/v1/') && r.url !== '/ops/v1/credential')) {
      const vendorRoute = route.url.startsWith('/ops/v1/vendor/:vendorId');
      const ownAllowed = vendorRoute && !route.url.includes('/staff-tokens');
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        const fill = (vendorId: number) =>
          route.url.replace(/:(\w+)/g, (_m, name: string) => (name === 'vendorId' ? String(vendorId) : '1'));
        refused.push({ method: method as InjectOptions['method'], url: fill(OTHER), payload: {} });
        if (!ownAllowed) refused.push({ method: method as InjectOptions['method'], url: fill(OWN), payload: {} });
      }
    }
    expect(refused.length).toBeGreaterThanOrEqual(12);
    await expectRefused(staff.token, refused);
  });

  it('tells a staff token its store and name, and the admin that it is the admin', async () => {
    const staff = await createToken(OWN, 'Pass 1');
    const mine = await inject({ method: 'GET', url: '/ops/v1/credential', headers: bearer(staff.token) });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toEqual({ kind: 'staff', vendorId: OWN, name: 'Pass 1' });
    const root = await inject({ method: 'GET', url: '/ops/v1/credential', headers: admin });
    expect(root.json()).toEqual({ kind: 'admin', vendorId: null, name: null });
    expect((await inject({ method: 'GET', url: '/ops/v1/credential' })).statusCode).toBe(401);
  });

  /** Writes the request line as it is to a real socket: HTTP clients (and inject) resolve dot segments first. */
  const rawGet = async (path: string, token: string) => {
    if (!ctx.app.server.listening) await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          `GET ${path} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n\r\n`,
        );
      });
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      socket.on('error', reject);
    });
    return {
      statusCode: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]),
      body: text.slice(text.indexOf('\r\n\r\n') + 4),
    };
  };

  it('cannot be moved out of its store by path tricks', async () => {
    const staff = await createToken(OWN, 'Tricks');
    const otherOrder = String(orders[OTHER]!.id);
    const paths = [
      `/ops/v1/vendor/${OTHER}/../${OWN}/orders`,
      `/ops/v1/vendor/${OWN}/../${OTHER}/orders`,
      `/ops/v1/vendor/${OWN}/orders/../../${OTHER}/orders`,
      `/ops/v1/vendor/${OWN}/./../${OTHER}/orders`,
      `/ops/v1/vendor/${OWN}/%2e%2e/${OTHER}/orders`,
      `/ops/v1/vendor/${OWN}%2F..%2F${OTHER}/orders`,
      `/ops/v1/vendor/${OTHER}%2F..%2F${OWN}/orders`,
      `/ops/v1/vendor/${OWN}%2f${OTHER}/orders`,
      `/ops/v1/vendor/%3${OTHER}/orders`,
      `/ops/v1/vendor/0${OTHER}/orders`,
      `/ops/v1/vendor/00${OTHER}/orders`,
      `/ops/v1/vendor/${OTHER}/orders?vendorId=${OWN}`,
      `/ops/v1//vendor/${OTHER}/orders`,
      `/ops/v1/vendor/${OTHER}./orders`,
      `/ops/v1/vendor/+${OTHER}/orders`,
      `/ops/v1/vendor/${OTHER}%00/orders`,
      `/ops/v1/vendor/${OTHER}.0/orders`,
      `/ops/v1/vendor/${OWN}/../../v1/vendor/${OTHER}/orders`,
    ];
    for (const path of paths) {
      for (const res of [
        await inject({ method: 'GET', url: path, headers: bearer(staff.token) }),
        await rawGet(path, staff.token),
      ]) {
        const seen = `${path}: ${res.statusCode} ${res.body}`;
        expect([200, 403, 404], seen).toContain(res.statusCode);
        expect(res.body, seen).not.toContain(`"id":${otherOrder},`);
        // A 200 only where the path, resolved as a client would, is its own store's list.
        if (res.statusCode === 200)
          expect(OpsOrderList.parse(JSON.parse(res.body)).every((o) => o.vendorId === OWN)).toBe(true);
      }
    }
    // As written on the wire, a path with dot segments matches no route at all.
    expect((await rawGet(`/ops/v1/vendor/${OTHER}/../${OWN}/orders`, staff.token)).statusCode).toBe(404);
    expect((await rawGet(`/ops/v1/vendor/${OWN}%2F..%2F${OTHER}/orders`, staff.token)).statusCode).toBe(403);
    expect((await rawGet(`/ops/v1/vendor/0${OTHER}/orders`, staff.token)).statusCode).toBe(403);
    // Leading zeros name the store the route itself reads: its own store stays its own.
    const padded = await inject({ method: 'GET', url: `/ops/v1/vendor/0${OWN}/orders`, headers: bearer(staff.token) });
    expect(padded.statusCode).toBe(200);
    expect(OpsOrderList.parse(padded.json()).every((o) => o.vendorId === OWN)).toBe(true);
    // An unknown route is 404 for every credential: nothing runs, nothing changes.
    for (const headers of [admin, bearer(staff.token)]) {
      expect((await inject({ method: 'GET', url: '/ops/v1/no-such-route', headers })).statusCode).toBe(404);
    }
  });

  describe('revocation in another server process', () => {
    let second: DatabaseHandle;
    let other: FastifyInstance;
    beforeAll(async () => {
      second = await openSecondHandle(ctx.database);
      other = await buildApp({ config: testConfig(), db: second.db, logger: false, clock: () => now });
      await other.ready();
    });
    afterAll(async () => {
      await other?.close();
      await second?.close();
    });

    it('refuses a token revoked by the first process at once, and changes nothing', async () => {
      const staff = await createToken(OWN, 'Pass tablet');
      const read = () =>
        other.inject({ method: 'GET', url: `/ops/v1/vendor/${OWN}/orders`, headers: bearer(staff.token) });
      expect((await read()).statusCode).toBe(200);
      const credential = { kind: 'staff', tokenId: staff.id, vendorId: OWN, name: staff.name } as const;
      expect(await credentialIsCurrent(second.db, credential)).toBe(true);
      const revoked = await inject({
        method: 'DELETE',
        url: `/ops/v1/vendor/${OWN}/staff-tokens/${staff.id}`,
        headers: admin,
      });
      expect(revoked.statusCode).toBe(204);
      expect((await read()).statusCode).toBe(401);
      // Work that outlives a request (an open event stream) learns it too.
      expect(await credentialIsCurrent(second.db, credential)).toBe(false);
      expect(await credentialIsCurrent(second.db, { kind: 'admin' })).toBe(true);
      const before = await state();
      const change = await other.inject({
        method: 'PATCH',
        url: `/ops/v1/vendor/${OWN}`,
        headers: bearer(staff.token),
        payload: { isPaused: true },
      });
      expect(change.statusCode).toBe(401);
      expect(ErrorBody.parse(change.json()).message).toBe(REVOKED_TOKEN_MESSAGE);
      expect(differences(before, await state())).toEqual([]);
    });
  });
});

describe.each(databases)('failed sign-ins on $name', (database) => {
  let now = START;
  const ctx = useTestApp(database, { clock: () => now, env: { OPS_SIGN_IN_LIMIT: '3' } });
  const ATTACKER = '203.0.113.7';
  const NEIGHBOUR = '203.0.113.8';
  const send = (token: string, remoteAddress: string) =>
    ctx.app.inject({ method: 'GET', url: `/ops/v1/vendor/${OWN}/orders`, headers: bearer(token), remoteAddress });

  it('refuses an address after its limit of failures, even the right admin token, for the rest of the minute', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: `/ops/v1/vendor/${OWN}/staff-tokens`,
      headers: admin,
      payload: { name: 'Bar tablet' },
      remoteAddress: ATTACKER,
    });
    const staff = StaffTokenCreated.parse(created.json());

    for (let i = 0; i < 3; i += 1) expect((await send(`guess-${i}`, ATTACKER)).statusCode).toBe(401);
    // A staff-shaped guess counts like any other.
    const limited = await send(`vst_${'A'.repeat(43)}`, ATTACKER);
    expect(limited.statusCode).toBe(429);
    expect(ErrorBody.parse(limited.json()).message).toMatch(/^Too many failed sign-ins from this address\./);
    expect(Number(limited.headers['retry-after'])).toBe(60);
    // The admin token is not even compared from there: a guess that happens to be right learns nothing.
    expect((await send(TEST_OPS_TOKEN, ATTACKER)).statusCode).toBe(429);
    // A staff token (256 random bits) still works from that address, so the kitchen display is not shut out.
    expect((await send(staff.token, ATTACKER)).statusCode).toBe(200);
    // Other addresses are not affected; a request without a token is 401 as ever.
    expect((await send(TEST_OPS_TOKEN, NEIGHBOUR)).statusCode).toBe(200);
    const none = await ctx.app.inject({ method: 'GET', url: `/ops/v1/vendor/${OWN}/orders`, remoteAddress: ATTACKER });
    expect(none.statusCode).toBe(401);

    now += 59_000;
    const later = await send(TEST_OPS_TOKEN, ATTACKER);
    expect(later.statusCode).toBe(429);
    expect(later.headers['retry-after']).toBe('1');
    now += 1000;
    expect((await send(TEST_OPS_TOKEN, ATTACKER)).statusCode).toBe(200);
  });

  it('does not count requests without a token, nor a revoked staff token, as failed sign-ins', async () => {
    const address = '198.51.100.4';
    const created = StaffTokenCreated.parse(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/ops/v1/vendor/${OWN}/staff-tokens`,
          headers: admin,
          payload: { name: 'Old tablet' },
        })
      ).json(),
    );
    await ctx.app.inject({ method: 'DELETE', url: `/ops/v1/vendor/${OWN}/staff-tokens/${created.id}`, headers: admin });
    for (let i = 0; i < 5; i += 1) {
      expect((await send(created.token, address)).statusCode).toBe(401);
      const none = await ctx.app.inject({ method: 'GET', url: `/ops/v1/vendor/${OWN}/orders`, remoteAddress: address });
      expect(none.statusCode).toBe(401);
    }
    expect((await send(TEST_OPS_TOKEN, address)).statusCode).toBe(200);
  });
});

describe('failed sign-ins from IPv6', () => {
  const ctx = useTestApp(databases[0]!, { env: { OPS_SIGN_IN_LIMIT: '2' } });

  it('counts every address of one /64 together', async () => {
    const from = (remoteAddress: string, token: string) =>
      ctx.app.inject({ method: 'GET', url: `/ops/v1/vendor/${OWN}/orders`, headers: bearer(token), remoteAddress });
    expect((await from('2001:db8:9:1::a', 'wrong-1')).statusCode).toBe(401);
    expect((await from('2001:db8:9:1::b', 'wrong-2')).statusCode).toBe(401);
    expect((await from('2001:db8:9:1:ffff::c', 'wrong-3')).statusCode).toBe(429);
    expect((await from('2001:db8:9:2::a', TEST_OPS_TOKEN)).statusCode).toBe(200);
  });
});

describe('failed sign-ins behind a trusted proxy', () => {
  const ctx = useTestApp(databases[0]!, { env: { OPS_SIGN_IN_LIMIT: '2', TRUST_PROXY: '1' } });

  it('counts the forwarded client address, not the proxy', async () => {
    const from = (client: string, token: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/ops/v1/vendor/${OWN}/orders`,
        headers: { ...bearer(token), 'x-forwarded-for': client },
        remoteAddress: '10.0.0.1',
      });
    expect((await from('203.0.113.20', 'wrong-1')).statusCode).toBe(401);
    expect((await from('203.0.113.20', 'wrong-2')).statusCode).toBe(401);
    expect((await from('203.0.113.20', TEST_OPS_TOKEN)).statusCode).toBe(429);
    expect((await from('203.0.113.21', TEST_OPS_TOKEN)).statusCode).toBe(200);
  });
});
