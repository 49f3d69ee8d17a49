import { ErrorBody } from '@venue/contract/common';
import { ConsumerProfile, CreatedConsumer } from '@venue/contract/consumer';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases.ts';
import { createTestConsumer, signedInject, signHeaders } from '../../test/signed-requests.ts';
import { useTestApp } from '../../test/test-app.ts';
import { signatureBase } from '@venue/domain/request-signature';
import { sign, signatureMatches } from '../../modules/consumers/consumer-auth.ts';

const NOW = Date.parse('2026-11-23T02:00:00.000Z');

describe('the signature of a request', () => {
  it('is the base64 HMAC-SHA1 of the signature string (a known value the web app must reproduce)', () => {
    const base = signatureBase({
      path: '/v1/vendor/2/place-order?campaignId=7',
      method: 'post',
      body: '{"a":1}',
      contentType: 'Application/JSON ',
      timestamp: '1795000000000',
    });
    expect(sign('key-123', base)).toBe('O44jtnMiF1OKMEyQZAtgwLOwoZg=');
  });

  it('is compared exactly', () => {
    expect(signatureMatches('O44jtnMiF1OKMEyQZAtgwLOwoZg=', 'O44jtnMiF1OKMEyQZAtgwLOwoZg=')).toBe(true);
    expect(signatureMatches('O44jtnMiF1OKMEyQZAtgwLOwoZh=', 'O44jtnMiF1OKMEyQZAtgwLOwoZg=')).toBe(false);
    expect(signatureMatches('', 'O44jtnMiF1OKMEyQZAtgwLOwoZg=')).toBe(false);
    // longer, or as many bytes made of other characters: refused, never thrown
    expect(signatureMatches('O44jtnMiF1OKMEyQZAtgwLOwoZg==', 'O44jtnMiF1OKMEyQZAtgwLOwoZg=')).toBe(false);
    expect(signatureMatches('O44jtnMiF1OKMEyQZAtgwLOwoZé', 'O44jtnMiF1OKMEyQZAtgwLOwoZg=')).toBe(false);
  });
});

describe.each(databases)('consumers and signed requests on $name', (database) => {
  const ctx = useTestApp(database, { clock: () => NOW });

  it('creates a consumer with an id and an hmacKey, storing only valid contact details', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/consumer/create',
      payload: { contact: { mobile: '+61412345678', email: 'sam@example.com' }, name: { fullName: 'Sam Lee' } },
    });
    expect(res.statusCode).toBe(200);
    const consumer = CreatedConsumer.parse(res.json());
    expect(consumer.id).toMatch(/^c_[\w-]{20,}$/);
    expect(Buffer.from(consumer.hmacKey, 'base64url')).toHaveLength(32);
    expect(consumer).toMatchObject({
      contact: { mobile: '+61412345678', email: 'sam@example.com' },
      name: { fullName: 'Sam Lee' },
    });
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/v1/consumer/create',
      payload: { contact: { mobile: '12345', email: 'not-an-email' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(ErrorBody.parse(bad.json()).message).toMatch(/mobile|email/);
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/v1/consumer/create',
      payload: { contact: { mobile: '', email: '' } },
    });
    expect(CreatedConsumer.parse(empty.json()).contact).toEqual({ mobile: null, email: null });
  });

  it('refuses unknown keys in consumer/create and current-consumer/update, and creates no consumer for them', async () => {
    const before = await ctx.database.db
      .selectFrom('consumers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const payload of [
      '{"constructor":{"prototype":{"isAdmin":true}}}',
      '{"contact":{"mobile":"+61412345678","admin":true}}',
      '{"name":{"fullName":"Sam","constructor":"x"}}',
      '{"contact":{},"hmacKey":"chosen-by-the-client"}',
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/v1/consumer/create',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(ErrorBody.parse(res.json()).message, payload).toMatch(/Unrecognized key/);
    }
    const after = await ctx.database.db
      .selectFrom('consumers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const consumer = await createTestConsumer(ctx.app);
    const update = await signedInject(ctx.app, consumer, {
      method: 'POST',
      url: '/v1/current-consumer/update',
      payload: { id: consumer.id, constructor: { prototype: {} } },
    });
    expect(update.statusCode).toBe(400);
  });

  it("judges contact details by the app's rule: its refusals in its words, its numbers as it keeps them", async () => {
    const create = (contact: Record<string, string>) =>
      ctx.app.inject({ method: 'POST', url: '/v1/consumer/create', payload: { contact } });
    for (const email of ['a..b@example.com', 'josé@example.com', 'a@b.c0m']) {
      const res = await create({ mobile: '0412345678', email });
      expect(res.statusCode, email).toBe(400);
      expect(ErrorBody.parse(res.json()).message, email).toBe('contact.email: Please enter a valid email');
    }
    const tooLong = await create({ mobile: '0412345678901234' });
    expect(tooLong.statusCode).toBe(400);
    expect(ErrorBody.parse(tooLong.json()).message).toMatch(/^contact\.mobile: /);
    const typed = await create({ mobile: '0412 345 678', email: ' sam@example.com ' });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(CreatedConsumer.parse(typed.json()).contact).toEqual({ mobile: '0412345678', email: 'sam@example.com' });
  });

  it('updates the signing consumer only', async () => {
    const consumer = await createTestConsumer(ctx.app);
    const res = await signedInject(ctx.app, consumer, {
      method: 'POST',
      url: '/v1/current-consumer/update',
      payload: {
        id: consumer.id,
        name: { fullName: 'Alex Smith' },
        contact: { email: 'alex@example.com' },
        metaData: { legacyImported: true },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(ConsumerProfile.parse(res.json())).toMatchObject({
      id: consumer.id,
      name: { fullName: 'Alex Smith' },
      contact: { email: 'alex@example.com', mobile: '+61400000000' },
      metaData: { legacyImported: true },
    });
    expect(res.json()).not.toHaveProperty('hmacKey');
    const other = await createTestConsumer(ctx.app);
    const someoneElse = await signedInject(ctx.app, consumer, {
      method: 'POST',
      url: '/v1/current-consumer/update',
      payload: { id: other.id, name: { fullName: 'Mallory' } },
    });
    expect(someoneElse.statusCode).toBe(400);
  });

  describe('signature checks', () => {
    const payload = { name: { fullName: 'Changed' } };
    const update = (headers: Record<string, string>, body = JSON.stringify(payload)) =>
      ctx.app.inject({
        method: 'POST',
        url: '/v1/current-consumer/update',
        headers: { 'content-type': 'application/json', ...headers },
        payload: body,
      });
    const expect401 = async (res: Awaited<ReturnType<typeof update>>) => {
      expect(res.statusCode, res.body).toBe(401);
      expect(res.headers['www-authenticate']).toBe('HMAC');
      expect(ErrorBody.parse(res.json()).statusCode).toBe(401);
    };
    const headersFor = (signer: { id: string; hmacKey: string }, body: string, timestamp = NOW) =>
      signHeaders(signer, {
        method: 'POST',
        url: '/v1/current-consumer/update',
        body,
        contentType: 'application/json',
        timestamp: String(timestamp),
      });

    it('accepts a correct signature', async () => {
      const consumer = await createTestConsumer(ctx.app);
      const res = await update(headersFor(consumer, JSON.stringify(payload)));
      expect(res.statusCode).toBe(200);
    });

    it('answers 401 without a signature, or with only one of the two headers', async () => {
      const consumer = await createTestConsumer(ctx.app);
      await expect401(await update({}));
      const headers = headersFor(consumer, JSON.stringify(payload));
      await expect401(await update({ authorization: headers.authorization }));
      await expect401(await update({ 'x-timestamp': headers['x-timestamp'] }));
    });

    it('answers 401 to a wrong key, an unknown consumer and a mangled signature', async () => {
      const consumer = await createTestConsumer(ctx.app);
      await expect401(await update(headersFor({ id: consumer.id, hmacKey: 'not-the-key' }, JSON.stringify(payload))));
      await expect401(await update(headersFor({ id: 'c_nobody', hmacKey: consumer.hmacKey }, JSON.stringify(payload))));
      const good = headersFor(consumer, JSON.stringify(payload));
      await expect401(await update({ ...good, authorization: `${good.authorization.slice(0, -4)}AAA=` }));
      await expect401(await update({ ...good, authorization: good.authorization.replace('HMAC', 'Bearer') }));
    });

    it('answers 401 to a signature older or newer than five minutes, and accepts one within', async () => {
      const consumer = await createTestConsumer(ctx.app);
      const body = JSON.stringify(payload);
      await expect401(await update(headersFor(consumer, body, NOW - 5 * 60_000 - 1)));
      await expect401(await update(headersFor(consumer, body, NOW + 5 * 60_000 + 1)));
      expect((await update(headersFor(consumer, body, NOW - 4 * 60_000))).statusCode).toBe(200);
    });

    it('answers 401 when a signed request is replayed with another body, and leaves the consumer unchanged', async () => {
      const consumer = await createTestConsumer(ctx.app, 'Original Name');
      const headers = headersFor(consumer, JSON.stringify(payload));
      await expect401(await update(headers, JSON.stringify({ name: { fullName: 'Attacker' } })));
      await expect401(await update(headers, `${JSON.stringify(payload)} `));
      const check = await signedInject(ctx.app, consumer, {
        method: 'POST',
        url: '/v1/current-consumer/update',
        payload: {},
      });
      expect(check.json().name.fullName).toBe('Original Name');
    });

    it('answers 401 when the signed path differs (another order id)', async () => {
      const consumer = await createTestConsumer(ctx.app);
      const signed = signHeaders(consumer, {
        method: 'GET',
        url: '/v1/vendor/2/order/1',
        body: '',
        contentType: '',
        timestamp: String(NOW),
      });
      const res = await ctx.app.inject({ method: 'GET', url: '/v1/vendor/2/order/2', headers: signed });
      await expect401(res);
    });
  });
});
