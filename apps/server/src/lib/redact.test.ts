import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { databases } from '../test/databases.ts';
import { testConfig, useTestApp } from '../test/test-app.ts';
import { isSecretName, logUrl, passesLuhn, redactLogLine, redactUrl, REDACTED } from './redact.ts';

const CARD = '4111111111111111';

describe('redaction', () => {
  it('knows card fields by their decoded name, however they are written', () => {
    for (const name of [
      'card_number',
      'card%5Fnumber',
      'card%255Fnumber',
      'c%76v',
      'CVV',
      'cardNumber',
      'cvc2',
      'expiry_year',
      'card-holder',
      'hmacKey',
    ]) {
      expect(isSecretName(name), name).toBe(true);
    }
    for (const name of ['callback', 'amount', 'reference', 'currency', 'format', 'orderId', 'campaignId']) {
      expect(isSecretName(name), name).toBe(false);
    }
  });

  it('knows card numbers by Luhn', () => {
    expect(passesLuhn(CARD)).toBe(true);
    expect(passesLuhn('4111111111111112')).toBe(false);
  });

  it('redacts URLs by decoded name and card numbers by value', () => {
    expect(redactUrl(`/sandbox-gateway/v1/card?card%5Fnumber=4242&c%76v=123&callback=cb`)).toBe(
      `/sandbox-gateway/v1/card?card%5Fnumber=${REDACTED}&c%76v=${REDACTED}&callback=cb`,
    );
    expect(redactUrl(`/v1/vendor/${CARD}/current-menu`)).toBe(`/v1/vendor/${REDACTED}/current-menu`);
    expect(redactUrl('/v1/x?note=4111%201111%201111%201111')).toBe(`/v1/x?note=${REDACTED}`);
    expect(redactUrl('/v1/x?note=4111+1111+1111+1111')).toBe(`/v1/x?note=${REDACTED}`);
    // Other long numbers stay: an order's timestamp, a number failing Luhn.
    expect(redactUrl('/v1/x?since=1795399200000&n=4111111111111112')).toBe(
      '/v1/x?since=1795399200000&n=4111111111111112',
    );
  });

  it('logs request URLs without signatures, typed addresses or positions', () => {
    expect(logUrl('/v1/order/12/events?consumerId=7&timestamp=1795399200000&signature=q%2Bw3rT%3D')).toBe(
      `/v1/order/12/events?consumerId=${REDACTED}&timestamp=${REDACTED}&signature=${REDACTED}`,
    );
    expect(logUrl('/v1/address/autocomplete?input=12%20Smith%20St&latitude=-33.81&longitude=151.00')).toBe(
      `/v1/address/autocomplete?input=${REDACTED}&latitude=${REDACTED}&longitude=${REDACTED}`,
    );
    expect(logUrl('/v1/vendor/3/delivery-quote?latitude=-33.8&longitude=151')).not.toMatch(/-33|151/);
    // What was asked for stays readable; a card stays out of the path too.
    expect(logUrl('/ops/v1/vendor/2/orders?status=Waiting,Paid&limit=50')).toBe(
      '/ops/v1/vendor/2/orders?status=Waiting,Paid&limit=50',
    );
    expect(logUrl(`/v1/vendor/${CARD}/current-menu`)).toBe(`/v1/vendor/${REDACTED}/current-menu`);
    expect(logUrl(`/sandbox-gateway/v1/card?card_number=${CARD}&cvv=123&callback=cb`)).toBe(
      `/sandbox-gateway/v1/card?card_number=${REDACTED}&cvv=${REDACTED}&callback=cb`,
    );
    expect(logUrl('/health')).toBe('/health');
  });

  it('redacts a log line wherever the card is, and keeps it valid JSON', () => {
    const line = JSON.stringify({
      level: 50,
      time: 1795399200001,
      req: { url: `/v1/card?card%5Fnumber=${CARD}&c%76v=123` },
      cvv: 123,
      card: { cardNumber: '4111-1111-1111-1111', expiry_month: '12' },
      err: { message: `Unexpected token in JSON: {"card_number":"4111 1111 1111 1111","cvv":"737"}` },
      msg: `note 5555555555554444 and order 42`,
    });
    const redacted = redactLogLine(line);
    const parsed = JSON.parse(redacted) as Record<string, unknown>;
    expect(parsed.time).toBe(1795399200001);
    expect(redacted).not.toMatch(/4111|5555555555554444|737|\b123\b/);
    expect(parsed).toMatchObject({ cvv: REDACTED, card: { cardNumber: REDACTED, expiry_month: REDACTED } });
    expect(parsed.msg).toBe(`note ${REDACTED} and order 42`);
    // A line with nothing to redact comes back as it was.
    const plain = JSON.stringify({ level: 30, time: 1795399200001, req: { url: '/v1/vendor/4/order/12' }, msg: 'ok' });
    expect(redactLogLine(plain)).toBe(plain);
  });
});

describe('card data in the server log', () => {
  const ctx = useTestApp(databases[0]!);

  it('never appears, whatever hostile card request is sent', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = await buildApp({ config: testConfig(), db: ctx.database.db, logger: { level: 'trace', stream } });
    try {
      for (const url of [
        `/sandbox-gateway/v1/card?card%5Fnumber=${CARD}&c%76v=321&callback=cb`,
        `/sandbox-gateway/v1/card?card_number=4111%201111%201111%201111&cvv=321`,
        `/sandbox-gateway/v1/card?card%255Fnumber=${CARD}&CVV=321`,
        `/v1/vendor/${CARD}/current-menu?cvc=321`,
        `/v1/nothing-here/${CARD}?card-number=${CARD}`,
      ]) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBeLessThan(500);
      }
      await app.inject({
        method: 'POST',
        url: '/v1/consumer/create',
        headers: { 'content-type': 'application/json' },
        payload: `{"card_number":"${CARD}","cvv":"321"`,
      });
      // An error whose message quotes a request body, as a database or parser error can.
      app.log.error({ err: new Error(`insert failed: {"card_number":"${CARD}","cvv":"321"}`) }, 'request failed');
      const log = lines.join('');
      expect(log).toContain('/sandbox-gateway/v1/card');
      expect(log).toContain(REDACTED);
      // Not after a digit, letter or point: a logged number such as a response time (0.41112…) may
      // hold the same digits by chance.
      expect(log).not.toMatch(/(?<![\w.])4111/);
      expect(log).not.toMatch(/(?<![\w.])321(?![\w.])/);
      for (const line of lines) JSON.parse(line);
    } finally {
      await app.close();
    }
  });
});
