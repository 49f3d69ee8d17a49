import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorBody } from '@venue/contract/common';
import { IssuedReceipt } from '@venue/contract/receipt';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initiateTestPayment, payByCard, placeTestOrder, updatePayment } from '../../test/checkout.ts';
import { databases } from '../../test/databases.ts';
import { createTestConsumer, signedInject, type Signer } from '../../test/signed-requests.ts';
import { useTestApp } from '../../test/test-app.ts';
import {
  CLIENT_LIMIT_MESSAGE,
  MAX_RECEIPTS_PER_CLIENT_DAY,
  MAX_RECEIPTS_PER_RECIPIENT_DAY,
  MAX_RECEIPTS_PER_WINDOW,
  MAX_RECIPIENTS_PER_ORDER,
  NO_EMAIL_MESSAGE,
  NOT_PAID_MESSAGE,
  RECIPIENT_LIMIT_MESSAGE,
  RECIPIENTS_LIMIT_MESSAGE,
  TOO_MANY_MESSAGE,
} from '../../modules/receipts/receipts.service.ts';

const NOW = Date.parse('2026-11-23T02:00:00.000Z');
const cheeseburger = { menuItemId: 201, quantity: 2, modifiers: [{ modifierId: 2003 }, { modifierId: 2011 }] };

/** An SMTP server on a free port that keeps what it receives. */
function startSmtp() {
  const received: Array<{ from: string; to: string[]; data: string }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let data = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (data += chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
        });
        callback();
      });
    },
  });
  return {
    received,
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port)),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function paidOrder(app: Parameters<typeof placeTestOrder>[0], consumer: Signer) {
  const order = await placeTestOrder(app, consumer, 2, [cheeseburger]);
  const payment = await initiateTestPayment(app, consumer, order);
  const result = await payByCard(app, payment);
  const res = await updatePayment(app, consumer, order, payment.id, { transactionId: result.id });
  expect(res.statusCode, res.body).toBe(200);
  return order;
}

const issue = (app: Parameters<typeof signedInject>[0], signer: Signer, orderId: unknown, remoteAddress?: string) =>
  signedInject(app, signer, {
    method: 'POST',
    url: '/v1/current-consumer/issue-receipt',
    payload: { orderId },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

/** A consumer with its own email address. */
async function consumerWith(app: Parameters<typeof signedInject>[0], email: string, fullName = 'Receipt Tester') {
  const res = await app.inject({
    method: 'POST',
    url: '/v1/consumer/create',
    payload: { contact: { mobile: '+61400000000', email }, name: { fullName } },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Signer;
}

describe('receipts through SMTP', () => {
  const smtp = startSmtp();
  let port = 0;
  beforeAll(async () => {
    port = await smtp.listen();
    process.env.TEST_SMTP_PORT = String(port);
  });
  afterAll(() => smtp.close());

  describe.each(databases)('on $name', (database) => {
    const ctx = useTestApp(database, {
      clock: () => NOW,
      get env() {
        return { SMTP_URL: `smtp://127.0.0.1:${process.env.TEST_SMTP_PORT}`, PUBLIC_URL: 'https://order.example.com' };
      },
    });

    it('e-mails the receipt of a paid order to the consumer, with the order number, lines and total', async () => {
      const consumer = await createTestConsumer(ctx.app, 'Receipt Reader');
      const order = await paidOrder(ctx.app, consumer);
      const res = await issue(ctx.app, consumer, order.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(IssuedReceipt.parse(res.json())).toEqual({ orderId: order.id, email: 'test@example.com', sent: true });
      const mail = smtp.received.at(-1)!;
      expect(mail.to).toEqual(['test@example.com']);
      expect(mail.from).toBe('receipts@order.example.com');
      const unfolded = mail.data.replace(/=\r?\n/g, '');
      expect(unfolded).toContain(`Subject: Your receipt from`);
      expect(unfolded).toContain(`Order number: ${String(order.id).padStart(3, '0')}`);
      expect(unfolded).toContain('Cheeseburger');
      expect(unfolded).toContain('Grand Total');
      expect(unfolded).toContain('$42.50');
    });
  });
});

describe.each(databases)('receipts into the outbox on $name', (database) => {
  const outbox = mkdtempSync(join(tmpdir(), 'outbox-'));
  let now = NOW;
  const ctx = useTestApp(database, { clock: () => now, env: { OUTBOX_DIR: outbox } });
  afterAll(() => rmSync(outbox, { recursive: true, force: true }));

  it('writes an .eml file when no SMTP server is set', async () => {
    const consumer = await createTestConsumer(ctx.app);
    const order = await paidOrder(ctx.app, consumer);
    expect((await issue(ctx.app, consumer, order.id)).statusCode).toBe(200);
    const files = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
    expect(files.length).toBeGreaterThanOrEqual(1);
    const eml = readFileSync(join(outbox, files.at(-1)!), 'utf8');
    expect(eml).toMatch(/^To: test@example\.com$/m);
    expect(eml.replace(/=\n/g, '')).toContain('Grand Total');
  });

  it("answers 404 for another consumer's order and 422 before payment or without an email", async () => {
    const owner = await createTestConsumer(ctx.app);
    const order = await paidOrder(ctx.app, owner);
    const stranger = await createTestConsumer(ctx.app, 'Stranger');
    expect((await issue(ctx.app, stranger, order.id)).statusCode).toBe(404);
    expect((await issue(ctx.app, owner, 99_999_999)).statusCode).toBe(404);

    const unpaid = await placeTestOrder(ctx.app, owner, 2, [cheeseburger]);
    const notPaid = await issue(ctx.app, owner, unpaid.id);
    expect(notPaid.statusCode).toBe(422);
    expect(ErrorBody.parse(notPaid.json()).message).toBe(NOT_PAID_MESSAGE);

    const noEmail = await ctx.app.inject({
      method: 'POST',
      url: '/v1/consumer/create',
      payload: { contact: { mobile: '+61400000001' }, name: { fullName: 'No Mail' } },
    });
    const silent = noEmail.json() as Signer;
    const theirs = await paidOrder(ctx.app, silent);
    const refused = await issue(ctx.app, silent, theirs.id);
    expect(refused.statusCode).toBe(422);
    expect(ErrorBody.parse(refused.json()).message).toBe(NO_EMAIL_MESSAGE);
  });

  it('limits receipts to one recipient a day, however many orders and consumers ask, in any letter case', async () => {
    const sent: number[] = [];
    for (let i = 0; sent.length < MAX_RECEIPTS_PER_RECIPIENT_DAY + 1; i += 1) {
      // A new consumer and order each time, from a new address: only the recipient is the same.
      const consumer = await consumerWith(ctx.app, i % 2 ? 'Stranger@Example.com' : 'stranger@example.com');
      const order = await paidOrder(ctx.app, consumer);
      const res = await issue(ctx.app, consumer, order.id, `198.51.100.${i + 1}`);
      sent.push(res.statusCode);
      if (res.statusCode === 429) expect(ErrorBody.parse(res.json()).message).toBe(RECIPIENT_LIMIT_MESSAGE);
    }
    expect(sent).toEqual([...Array<number>(MAX_RECEIPTS_PER_RECIPIENT_DAY).fill(200), 429]);
  });

  it('limits receipts asked for from one client address a day, whatever the recipients', async () => {
    const client = '203.0.113.99';
    const consumer = await consumerWith(ctx.app, 'first@example.com');
    const statuses: number[] = [];
    for (let i = 0; statuses.length < MAX_RECEIPTS_PER_CLIENT_DAY + 1; i += 1) {
      const order = await paidOrder(ctx.app, consumer);
      for (let j = 0; j < MAX_RECEIPTS_PER_WINDOW && statuses.length < MAX_RECEIPTS_PER_CLIENT_DAY + 1; j += 1) {
        // A new recipient every time: the recipient limit never applies.
        const update = await signedInject(ctx.app, consumer, {
          method: 'POST',
          url: '/v1/current-consumer/update',
          payload: { contact: { email: `person-${i}-${j}@example.com` } },
        });
        expect(update.statusCode, update.body).toBe(200);
        const res = await issue(ctx.app, consumer, order.id, client);
        statuses.push(res.statusCode);
        if (res.statusCode === 429) expect(ErrorBody.parse(res.json()).message).toBe(CLIENT_LIMIT_MESSAGE);
      }
    }
    expect(statuses).toEqual([...Array<number>(MAX_RECEIPTS_PER_CLIENT_DAY).fill(200), 429]);
    // Another address is not affected.
    const other = await consumerWith(ctx.app, 'other@example.com');
    expect((await issue(ctx.app, other, (await paidOrder(ctx.app, other)).id, '203.0.113.100')).statusCode).toBe(200);
  });

  it('writes the receipt from the order and the catalogue only, never text the customer typed', async () => {
    const consumer = await consumerWith(ctx.app, 'fixed@example.com', 'Claim your prize at http://evil.example');
    const order = await paidOrder(ctx.app, consumer);
    expect((await issue(ctx.app, consumer, order.id, '203.0.113.101')).statusCode).toBe(200);
    const files = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
    const mail = files
      .map((f) => readFileSync(join(outbox, f), 'utf8'))
      .find((eml) => /^To: fixed@example\.com$/m.test(eml))!;
    expect(mail).toBeDefined();
    expect(mail.replace(/=\n/g, '')).not.toMatch(/evil|prize/i);
  });

  it('counts receipts asked for at once together: no more go out than the limit allows', async () => {
    const consumer = await consumerWith(ctx.app, 'twelve.at.once@example.com');
    const order = await paidOrder(ctx.app, consumer);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => issue(ctx.app, consumer, order.id, '203.0.113.120')),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(MAX_RECEIPTS_PER_WINDOW);
    expect(statuses.filter((status) => status === 429)).toHaveLength(12 - MAX_RECEIPTS_PER_WINDOW);
  });

  it("sends one order's receipts to a few different addresses at most, however long apart", async () => {
    const consumer = await consumerWith(ctx.app, 'victim@example.com');
    const order = await paidOrder(ctx.app, consumer);
    const sendTo = async (email: string) => {
      const update = await signedInject(ctx.app, consumer, {
        method: 'POST',
        url: '/v1/current-consumer/update',
        payload: { contact: { email } },
      });
      expect(update.statusCode, update.body).toBe(200);
      return issue(ctx.app, consumer, order.id, '203.0.113.121');
    };
    try {
      for (let i = 0; i < MAX_RECIPIENTS_PER_ORDER; i += 1) {
        // An hour and more apart, so the hourly limit of the order is never what refuses.
        now += 2 * 60 * 60_000;
        expect((await sendTo(`victim+${i}@example.com`)).statusCode).toBe(200);
      }
      now += 2 * 60 * 60_000;
      const refused = await sendTo('victim+new@example.com');
      expect(refused.statusCode).toBe(429);
      expect(ErrorBody.parse(refused.json()).message).toBe(RECIPIENTS_LIMIT_MESSAGE);
      // One of the addresses it went to before still gets it.
      expect((await sendTo('victim+0@example.com')).statusCode).toBe(200);
    } finally {
      now = NOW;
    }
  });

  it('limits how often one receipt is sent, and rejects bad bodies and unsigned calls', async () => {
    const consumer = await createTestConsumer(ctx.app);
    const order = await paidOrder(ctx.app, consumer);
    for (let i = 0; i < MAX_RECEIPTS_PER_WINDOW; i += 1) {
      expect((await issue(ctx.app, consumer, order.id)).statusCode).toBe(200);
    }
    const tooMany = await issue(ctx.app, consumer, order.id);
    expect(tooMany.statusCode).toBe(429);
    expect(ErrorBody.parse(tooMany.json()).message).toBe(TOO_MANY_MESSAGE);
    for (const orderId of ['1', -1, 1.5, null]) {
      expect((await issue(ctx.app, consumer, orderId)).statusCode, String(orderId)).toBe(400);
    }
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/v1/current-consumer/issue-receipt',
      payload: { orderId: order.id },
    });
    expect(unsigned.statusCode).toBe(401);
  });
});
