// The back office's accounts (issue 26 §1), through the API on SQLite and PostgreSQL: the first
// admin's link, passwords, sessions (cookie, expiry, sign-out here and everywhere), invitations,
// resets, roles, disabling, forgery refused and wrong passwords limited.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createManager, SESSION_IDLE_MS } from '../../modules/managers/managers.service.ts';
import { databases } from '../../test/databases.ts';
import { useTestApp } from '../../test/test-app.ts';

const PASSWORD = 'a long enough pass phrase';

describe.each(databases)('back-office accounts on $name', (testDatabase) => {
  const outbox = mkdtempSync(join(tmpdir(), 'admin-outbox-'));
  afterAll(() => rmSync(outbox, { recursive: true, force: true }));
  let now = Date.UTC(2026, 10, 27, 1, 0);
  const ctx = useTestApp(testDatabase, {
    clock: () => now,
    env: { OUTBOX_DIR: outbox, PUBLIC_URL: 'https://venue.example', OPS_SIGN_IN_LIMIT: '5' },
  });

  const inject = (
    method: string,
    url: string,
    options: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
  ) =>
    ctx.app.inject({
      method: method as 'GET',
      url: `/admin/v1${url}`,
      headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
      ...(options.body !== undefined ? { payload: options.body as object } : {}),
    });

  /** The cookie a Set-Cookie header sets, as a browser sends it back. */
  const cookieOf = (setCookie: string | string[] | undefined) => String(setCookie).split(';')[0]!;

  /** A manager made as the CLI makes the first admin (or an invitation), with its password set. */
  async function account(email: string, role: 'admin' | 'store' = 'admin', vendorIds?: number[]) {
    const { manager, token } = await createManager(
      ctx.database.db,
      { email, name: email.split('@')[0]!, role, ...(vendorIds ? { vendorIds } : {}) },
      'test',
      now,
    );
    expect((await inject('POST', '/password', { body: { token, password: PASSWORD } })).statusCode).toBe(204);
    return { manager, token };
  }

  async function signIn(email: string, password = PASSWORD) {
    const answer = await inject('POST', '/session', { body: { email, password } });
    expect(answer.statusCode, answer.body).toBe(204);
    return cookieOf(answer.headers['set-cookie']);
  }

  /** The link the newest e-mail to `to` carries. */
  function linkMailedTo(to: string): string {
    const mails = readdirSync(outbox)
      .sort()
      .map((file) => readFileSync(join(outbox, file), 'utf8'))
      // quoted-printable: soft line breaks and encoded '='
      .map((mail) => mail.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
      .filter((mail) => mail.includes(`To: ${to}`));
    const link = /https:\/\/venue\.example\/admin\/set-password\?token=[A-Za-z0-9_-]+/.exec(mails.at(-1) ?? '');
    if (!link) throw new Error(`no link mailed to ${to}`);
    return link[0];
  }

  it('signs the first admin in with the password its one-time link set; the cookie is HttpOnly and SameSite=Strict', async () => {
    const { manager, token } = await account('owner@venue.example');
    // The link works once.
    const again = await inject('POST', '/password', { body: { token, password: 'another long password' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/expired or has already been used/);

    const answer = await inject('POST', '/session', { body: { email: 'Owner@Venue.example', password: PASSWORD } });
    expect(answer.statusCode).toBe(204);
    const setCookie = String(answer.headers['set-cookie']);
    expect(setCookie).toMatch(/^venue_admin=[A-Za-z0-9_-]{40,}; Path=\/admin; HttpOnly; SameSite=Strict/);
    const me = await inject('GET', '/session', { cookie: cookieOf(setCookie) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: manager.id, email: 'owner@venue.example', role: 'admin', passwordSet: true });
    // No session, no back office.
    expect((await inject('GET', '/session')).statusCode).toBe(401);
    expect((await inject('GET', '/managers')).statusCode).toBe(401);
  });

  it('answers 401 on every other route without a session, before looking at what the request holds', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    // Signing in, setting a password from a link, asking for a reset and signing out need no session.
    const open = ['POST /admin/v1/password', 'POST /admin/v1/session', 'DELETE /admin/v1/session'];
    open.push('POST /admin/v1/password-reset');
    const guarded = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/admin/v1/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
      .filter((route) => !open.includes(route));
    expect(guarded.length).toBeGreaterThan(30);
    const answers: string[] = [];
    for (const route of guarded) {
      const [method, path] = route.split(' ') as [string, string];
      // An empty body, a query that would not pass and ids that are not ids: still 401, not 400 or 415.
      const url = `${path.replace(/\{\w+\}/g, 'x')}?from=yesterday`;
      const withBody = method !== 'GET' && method !== 'DELETE';
      const answer = await ctx.app.inject({
        method: method as 'POST',
        url,
        ...(withBody ? { headers: { 'content-type': 'text/plain' }, payload: '' } : {}),
      });
      answers.push(`${route} ${answer.statusCode}`);
    }
    expect(answers).toEqual(guarded.map((route) => `${route} 401`));
  });

  it('refuses a wrong password or an unknown email alike, a short password, and an expired link', async () => {
    const wrong = await inject('POST', '/session', {
      body: { email: 'owner@venue.example', password: 'not the password' },
    });
    const unknown = await inject('POST', '/session', { body: { email: 'nobody@venue.example', password: PASSWORD } });
    expect([wrong.statusCode, unknown.statusCode]).toEqual([401, 401]);
    expect(wrong.json().message).toBe(unknown.json().message);
    // Whatever was typed in the fields, a sign-in that does not match is 401 with the same words.
    for (const body of [
      { email: 'owner', password: PASSWORD },
      { email: 'owner@venue.example', password: '' },
      { email: '', password: '' },
    ]) {
      const answer = await inject('POST', '/session', { body });
      expect([answer.statusCode, answer.json().message], JSON.stringify(body)).toEqual([401, wrong.json().message]);
    }

    const { token } = await createManager(
      ctx.database.db,
      { email: 'late@venue.example', name: 'Late', role: 'admin' },
      'test',
      now,
    );
    const short = await inject('POST', '/password', { body: { token, password: 'eleven char' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/at least 12 characters/);
    now += 24 * 60 * 60_000 + 1;
    expect((await inject('POST', '/password', { body: { token, password: PASSWORD } })).statusCode).toBe(400);
  });

  it('ends a session after a while without use, on sign-out, and everywhere at once', async () => {
    const first = await signIn('owner@venue.example');
    const second = await signIn('owner@venue.example');
    now += SESSION_IDLE_MS - 60_000;
    expect((await inject('GET', '/session', { cookie: first })).statusCode).toBe(200);
    now += SESSION_IDLE_MS + 1;
    const idle = await inject('GET', '/session', { cookie: first });
    expect(idle.statusCode).toBe(401);
    expect(String(idle.headers['set-cookie'])).toMatch(/Max-Age=0/);

    const third = await signIn('owner@venue.example');
    const fourth = await signIn('owner@venue.example');
    expect((await inject('DELETE', '/session', { cookie: third })).statusCode).toBe(204);
    expect((await inject('GET', '/session', { cookie: third })).statusCode).toBe(401);
    expect((await inject('GET', '/session', { cookie: fourth })).statusCode).toBe(200);
    expect((await inject('DELETE', '/sessions', { cookie: fourth })).statusCode).toBe(204);
    for (const cookie of [second, fourth]) expect((await inject('GET', '/session', { cookie })).statusCode).toBe(401);
  });

  it('invites a store manager by e-mail, who sees only its stores, cannot manage accounts, and is disabled at once', async () => {
    const admin = await signIn('owner@venue.example');
    const invited = await inject('POST', '/managers', {
      cookie: admin,
      body: { email: 'grill@venue.example', name: 'Grill Manager', role: 'store', vendorIds: [2] },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json()).toMatchObject({ role: 'store', vendorIds: [2], passwordSet: false });
    expect(invited.body).not.toMatch(/token/);
    const link = new URL(linkMailedTo('grill@venue.example'));
    expect(
      (await inject('POST', '/password', { body: { token: link.searchParams.get('token'), password: PASSWORD } }))
        .statusCode,
    ).toBe(204);
    const manager = await signIn('grill@venue.example');
    expect((await inject('GET', '/session', { cookie: manager })).json()).toMatchObject({ vendorIds: [2] });
    expect((await inject('GET', '/managers', { cookie: manager })).statusCode).toBe(403);
    const notAdmin = await inject('POST', '/managers', {
      cookie: manager,
      body: { email: 'x@venue.example', name: 'X', role: 'admin' },
    });
    expect(notAdmin.statusCode).toBe(403);

    // The same address twice: 409; a store manager without stores: 400.
    expect(
      (
        await inject('POST', '/managers', {
          cookie: admin,
          body: { email: 'GRILL@venue.example', name: 'Again', role: 'admin' },
        })
      ).statusCode,
    ).toBe(409);
    const storeless = await inject('POST', '/managers', {
      cookie: admin,
      body: { email: 'y@venue.example', name: 'Y', role: 'store' },
    });
    expect(storeless.statusCode).toBe(400);

    const id = invited.json().id as number;
    expect((await inject('DELETE', `/managers/${id}`, { cookie: admin })).statusCode).toBe(204);
    expect((await inject('GET', '/session', { cookie: manager })).statusCode).toBe(401);
    expect(
      (await inject('POST', '/session', { body: { email: 'grill@venue.example', password: PASSWORD } })).statusCode,
    ).toBe(401);
    const listed = (await inject('GET', '/managers', { cookie: admin })).json() as Array<{
      id: number;
      disabledAt: string | null;
    }>;
    expect(listed.find((m) => m.id === id)?.disabledAt).not.toBeNull();
    const audit = await ctx.database.db.selectFrom('audit_log').selectAll().where('entity', '=', 'manager').execute();
    expect(audit.map((entry) => entry.action)).toEqual(expect.arrayContaining(['manager.created', 'manager.disabled']));
  });

  it('mails a reset link only to an address with an account, answering 202 either way; the reset ends old sessions', async () => {
    const before = await signIn('owner@venue.example');
    const files = readdirSync(outbox).length;
    expect((await inject('POST', '/password-reset', { body: { email: 'nobody@venue.example' } })).statusCode).toBe(202);
    expect(readdirSync(outbox)).toHaveLength(files);
    expect((await inject('POST', '/password-reset', { body: { email: 'owner@venue.example' } })).statusCode).toBe(202);
    const token = new URL(linkMailedTo('owner@venue.example')).searchParams.get('token');
    expect(
      (await inject('POST', '/password', { body: { token, password: 'a brand new pass phrase' } })).statusCode,
    ).toBe(204);
    expect((await inject('GET', '/session', { cookie: before })).statusCode).toBe(401);
    await signIn('owner@venue.example', 'a brand new pass phrase');
    expect(
      (await inject('POST', '/session', { body: { email: 'owner@venue.example', password: PASSWORD } })).statusCode,
    ).toBe(401);
  });

  it('refuses changing requests another site sends, whatever cookie they carry', async () => {
    const admin = await signIn('owner@venue.example', 'a brand new pass phrase');
    const forged = await inject('POST', '/managers', {
      cookie: admin,
      headers: { origin: 'https://evil.example' },
      body: { email: 'evil@venue.example', name: 'Evil', role: 'admin' },
    });
    expect(forged.statusCode).toBe(403);
    const fetched = await inject('DELETE', '/sessions', { cookie: admin, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(fetched.statusCode).toBe(403);
    expect((await inject('GET', '/session', { cookie: admin })).statusCode).toBe(200);
    // The back office's own page (same origin) goes through.
    const own = await inject('DELETE', '/session', { cookie: admin, headers: { origin: 'http://localhost' } });
    expect(own.statusCode).toBe(204);
  });

  it('limits wrong passwords per account and per address (429), and a right one still counts within the limit', async () => {
    now += 120_000;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await inject('POST', '/session', {
        body: { email: 'owner@venue.example', password: `wrong ${attempt} password` },
      });
      expect(wrong.statusCode).toBe(401);
    }
    const limited = await inject('POST', '/session', {
      body: { email: 'owner@venue.example', password: 'a brand new pass phrase' },
    });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    now += 61_000;
    await signIn('owner@venue.example', 'a brand new pass phrase');
  });
});
