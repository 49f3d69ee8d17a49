import { PAYMENT_RESULT_CODES } from '@venue/contract/payment';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { standingCardCharge, VISA } from '../test/checkout.ts';
import { databases } from '../test/databases.ts';
import { SandboxGateway, USED_CODE, type CardRequest } from './sandbox-gateway.ts';

const NOW = Date.parse('2026-11-27T12:00:00.000Z');
const AMOUNT_MINOR = 1500;

describe.each(databases)('sandbox gateway card requests on $name', (database) => {
  let handle: DatabaseHandle & { dispose(): Promise<void> };
  let gateway: SandboxGateway;
  beforeAll(async () => {
    handle = await database.create();
    gateway = new SandboxGateway(handle.db, () => NOW);
  });
  afterAll(async () => {
    await handle?.dispose();
  });

  let references = 0;
  /** A fresh access code and a good card request for it (CVV 123: a successful charge). */
  const newCode = async (on = gateway): Promise<CardRequest> => {
    references += 1;
    const reference = `ref-${references}`;
    const verification = await on.createAccessCode({ reference, amountMinor: AMOUNT_MINOR, currency: 'AUD' });
    return {
      currency: 'AUD',
      verification,
      amount: String(AMOUNT_MINOR),
      reference,
      cardHolder: 'Card Holder',
      cardNumber: VISA,
      cvv: '123',
      expiryMonth: '12',
      expiryYear: '2030',
    };
  };
  /** Everything the gateway wrote for an access code: its transactions and their card tokens. */
  const books = async (accessCode: string) => {
    const charges = await handle.db
      .selectFrom('gateway_transactions')
      .select(['id', 'result_code', 'card_token', 'amount_minor', 'masked_number'])
      .where('access_code', '=', accessCode)
      .orderBy('id')
      .execute();
    const tokens = await handle.db
      .selectFrom('gateway_card_tokens')
      .select(['token', 'card_holder', 'masked_number', 'expiry_month', 'expiry_year'])
      .where('token', 'in', (qb) =>
        qb.selectFrom('gateway_transactions').select('card_token').where('access_code', '=', accessCode),
      )
      .execute();
    return { charges, tokens };
  };
  const invalid = (request: CardRequest) => ({
    r: PAYMENT_RESULT_CODES.invalidVerification,
    id: null,
    v: request.verification,
    token: null,
    successful: false,
    errors: ['Invalid verification code'],
  });
  const used = (request: CardRequest) => ({ ...invalid(request), errors: [USED_CODE] });

  it('charges a good code once and stores the card token with the charge', async () => {
    const request = await newCode();
    const answer = await gateway.chargeCard(request);
    expect(answer).toMatchObject({ r: 1, successful: true, errors: [], v: request.verification });
    const { charges, tokens } = await books(request.verification);
    expect(charges).toEqual([
      {
        id: answer.id,
        result_code: 1,
        card_token: answer.token,
        amount_minor: AMOUNT_MINOR,
        masked_number: '•••• •••• •••• 4242',
      },
    ]);
    expect(tokens).toEqual([
      {
        token: answer.token,
        card_holder: 'Card Holder',
        masked_number: '•••• •••• •••• 4242',
        expiry_month: '12',
        expiry_year: '2030',
      },
    ]);
  });

  it('refuses an unknown code, or an amount or reference other than the session’s, and writes nothing', async () => {
    const request = await newCode();
    const refused = [
      { ...request, verification: 'ac_unknown' },
      ...['1500.0', ' 1500', '1500 ', '01500', '+1500', '1.5e3', '1501', ''].map((amount) => ({ ...request, amount })),
      { ...request, reference: 'ref-other' },
      { ...request, cvv: '200', amount: '1499' },
    ];
    for (const attempt of refused) expect(await gateway.chargeCard(attempt)).toEqual(invalid(attempt));
    expect(await books(request.verification)).toEqual({ charges: [], tokens: [] });
    expect(await books('ac_unknown')).toEqual({ charges: [], tokens: [] });
    // The code is still good for its own amount.
    expect((await gateway.chargeCard(request)).r).toBe(1);
  });

  it('records a failed card outcome on a good, uncharged code, and the code can still be charged', async () => {
    const request = await newCode();
    const declined = await gateway.chargeCard({ ...request, cvv: '200' });
    expect(declined).toEqual({
      r: PAYMENT_RESULT_CODES.declined,
      id: expect.stringMatching(/^txn_/),
      v: request.verification,
      token: null,
      successful: false,
      errors: ['Declined by the issuing bank'],
    });
    const invalidCard = await gateway.chargeCard({ ...request, cardNumber: '4242424242424241' });
    expect(invalidCard).toMatchObject({ r: PAYMENT_RESULT_CODES.validationError, token: null });
    expect((await books(request.verification)).charges).toEqual(
      [
        {
          id: declined.id,
          result_code: 2,
          card_token: null,
          amount_minor: AMOUNT_MINOR,
          masked_number: '•••• •••• •••• 4242',
        },
        { id: invalidCard.id, result_code: 97, card_token: null, amount_minor: AMOUNT_MINOR, masked_number: null },
      ].sort((a, b) => (a.id! < b.id! ? -1 : 1)),
    );
    expect((await gateway.chargeCard(request)).r).toBe(1);
  });

  it('answers used, and writes nothing, to any card request on a code already charged, failed outcomes too', async () => {
    const request = await newCode();
    const paid = await gateway.chargeCard(request);
    expect(paid.r).toBe(1);
    const before = await books(request.verification);
    for (const attempt of [
      request,
      { ...request, cvv: '200' },
      { ...request, cvv: '999' },
      { ...request, cardNumber: '4242424242424241' },
      { ...request, expiryYear: '2020' },
    ]) {
      expect(await gateway.chargeCard(attempt)).toEqual(used(attempt));
    }
    expect(await books(request.verification)).toEqual(before);
  });

  it('charges a code again once its charge was refunded in full', async () => {
    const request = await newCode();
    const first = await gateway.chargeCard(request);
    await gateway.refund(first.id!);
    const second = await gateway.chargeCard(request);
    expect(second).toMatchObject({ r: 1, successful: true });
    expect(second.id).not.toBe(first.id);
    expect((await books(request.verification)).charges).toHaveLength(2);
  });

  it('finds the latest of a code’s successful charges, whatever order they were written in', async () => {
    let now = NOW;
    const ticking = new SandboxGateway(handle.db, () => (now += 1_000));
    const request = await newCode(ticking);
    const first = await ticking.chargeCard(request);
    await ticking.refund(first.id!);
    const second = await ticking.chargeCard(request);
    // A refunded charge older than both, written last.
    await handle.db
      .insertInto('gateway_transactions')
      .values({
        id: 'txn_written_last',
        access_code: request.verification,
        kind: 'card',
        amount_minor: AMOUNT_MINOR,
        result_code: PAYMENT_RESULT_CODES.success,
        card_token: null,
        masked_number: null,
        card_brand: null,
        refunded: 1,
        refunded_minor: AMOUNT_MINOR,
        created_at: NOW - 60_000,
      })
      .execute();
    expect(await ticking.findCharge(request.verification)).toMatchObject({
      transactionId: second.id,
      successful: true,
      refunded: false,
    });
  });

  it('charges a code once when successful requests for it arrive together; the others answer used', async () => {
    const request = await newCode();
    const answers = await Promise.all(Array.from({ length: 6 }, () => gateway.chargeCard(request)));
    const charged = answers.filter((answer) => answer.r === 1);
    expect(charged).toHaveLength(1);
    expect(answers.filter((answer) => answer.r !== 1)).toEqual(Array.from({ length: 5 }, () => used(request)));
    const { charges, tokens } = await books(request.verification);
    expect(charges.map((charge) => charge.id)).toEqual([charged[0]!.id]);
    expect(tokens.map((token) => token.token)).toEqual([charged[0]!.token]);
  });

  // Deterministic on PostgreSQL: a charge of the code written by another transaction, not yet
  // committed, is not seen by the request's read, so only the unique index can stop its charge.
  it.runIf(database.name === 'postgres')(
    'answers used when another transaction charged the code first, once it commits',
    async () => {
      const request = await newCode();
      let pending: Promise<unknown> | undefined;
      await handle.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('gateway_transactions')
          .values(
            standingCardCharge({
              id: 'txn_held',
              accessCode: request.verification,
              amountMinor: AMOUNT_MINOR,
              createdAt: NOW,
            }),
          )
          .execute();
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        const holder = rows[0]!.pid;
        pending = gateway.chargeCard(request);
        // Waits until the request is held at the index by this transaction's row, asking on a
        // connection of its own: this transaction holds the lock the request waits for, so it may
        // not send through the shared connections, where a statement could queue behind the
        // request (decision 051).
        const watcher = handle.createSessionClient!();
        await watcher.connect();
        try {
          for (;;) {
            const waiting = await watcher.query<{ n: string }>(
              'select count(*) as n from pg_stat_activity where $1::integer = any(pg_blocking_pids(pid))',
              [holder],
            );
            if (Number(waiting.rows[0]!.n) > 0) break;
            await new Promise((resolve) => setImmediate(resolve));
          }
        } finally {
          await watcher.end();
        }
      });
      expect(await pending).toEqual(used(request));
      const { charges, tokens } = await books(request.verification);
      expect(charges.map((charge) => charge.id)).toEqual(['txn_held']);
      expect(tokens).toEqual([]);
    },
  );
  // PostgreSQL's statement counts, within the transaction that ran it, say how many index entries
  // the card request read: a charge must not cost more as the gateway's books grow.
  it.runIf(database.name === 'postgres')(
    'reads a few index entries for a card request, however many charges the books hold',
    async () => {
      await handle.db
        .insertInto('gateway_transactions')
        .values(
          Array.from({ length: 500 }, (_, i) =>
            standingCardCharge({ id: `txn_books_${i}`, accessCode: `ac_books_${i}`, amountMinor: 100, createdAt: NOW }),
          ),
        )
        .execute();
      const request = await newCode();
      const read = await handle.db.transaction().execute(async (trx) => {
        expect((await new SandboxGateway(trx, () => NOW).chargeCard(request)).r).toBe(1);
        const { rows } = await sql<{
          read: string;
        }>`select coalesce(sum(pg_stat_get_xact_tuples_returned(indexrelid)), 0) as read
          from pg_index where indrelid = 'gateway_transactions'::regclass`.execute(trx);
        return Number(rows[0]!.read);
      });
      expect(read).toBeLessThan(20);
    },
  );
});
