import { configureStore } from '@reduxjs/toolkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  consumerSaved,
  consumerSlice,
  emailInputChanged,
  fullNameInputChanged,
  mobileInputChanged,
} from '../store/consumer-slice';
import { CONSUMER_ERROR_MESSAGE, saveConsumer } from './save-consumer';

interface Sent {
  path: string;
  body: Record<string, unknown>;
  signed: boolean;
}

/** A server stand-in: answers by path with [status, body], and keeps what was sent. */
function server(answers: Record<string, [number, unknown]>): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = new URL(url, 'http://localhost').pathname.replace(/^\/v1/, '');
      const headers = new Headers(init.headers);
      sent.push({ path, body: JSON.parse(String(init.body)), signed: headers.has('Authorization') });
      const [status, body] = answers[path] ?? [404, { message: 'Not Found' }];
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

const profile = (id: string) => ({
  id,
  contact: { mobile: '0412345678', email: 'ann@example.com' },
  name: { fullName: 'Ann Lee' },
  metaData: null,
});

/** A store with the contact form filled in; `saved` gives it a consumer saved before. */
function filledIn(saved?: { id: string; hmacKey: string }) {
  const store = configureStore({ reducer: { consumer: consumerSlice.reducer } });
  store.dispatch(mobileInputChanged('0412 345 678'));
  store.dispatch(emailInputChanged(' ann@example.com '));
  store.dispatch(fullNameInputChanged('Ann Lee '));
  if (saved) store.dispatch(consumerSaved({ ...profile(saved.id), ...saved, metaData: {} }));
  return store;
}

afterEach(() => vi.unstubAllGlobals());

describe('saving the contact form (spec §2 confirm contact)', () => {
  it('creates a consumer when none is saved, unsigned, and keeps its id and key', async () => {
    const sent = server({ '/consumer/create': [200, { ...profile('c-9'), hmacKey: 'key-9' }] });
    const store = filledIn();
    const result = await store.dispatch(saveConsumer());
    expect(result).toMatchObject({ ok: true, consumer: { id: 'c-9', hmacKey: 'key-9' } });
    expect(sent).toEqual([
      {
        path: '/consumer/create',
        body: { contact: { mobile: '0412345678', email: 'ann@example.com' }, name: { fullName: 'Ann Lee' } },
        signed: false,
      },
    ]);
    expect(store.getState().consumer).toMatchObject({ id: 'c-9', hmacKey: 'key-9', fetchStatus: 'success' });
  });

  it('updates a saved consumer with a signed call and keeps the key it had', async () => {
    const sent = server({ '/current-consumer/update': [200, profile('c-1')] });
    const store = filledIn({ id: 'c-1', hmacKey: 'key-1' });
    const result = await store.dispatch(saveConsumer());
    expect(result).toMatchObject({ ok: true, consumer: { id: 'c-1', hmacKey: 'key-1' } });
    expect(sent.map(({ path, signed }) => ({ path, signed }))).toEqual([
      { path: '/current-consumer/update', signed: true },
    ]);
    expect(sent[0]!.body).toMatchObject({ id: 'c-1', contact: { mobile: '0412345678' } });
  });

  it('creates the consumer again when the server no longer knows the saved one', async () => {
    const sent = server({
      '/current-consumer/update': [401, { message: 'Unknown consumer' }],
      '/consumer/create': [200, { ...profile('c-2'), hmacKey: 'key-2' }],
    });
    const store = filledIn({ id: 'c-1', hmacKey: 'key-1' });
    const result = await store.dispatch(saveConsumer());
    expect(sent.map((request) => request.path)).toEqual(['/current-consumer/update', '/consumer/create']);
    expect(result).toMatchObject({ ok: true, consumer: { id: 'c-2', hmacKey: 'key-2' } });
    expect(store.getState().consumer).toMatchObject({ id: 'c-2', hmacKey: 'key-2' });
  });

  it("tells the server's own words when it refuses the contact, and keeps nothing", async () => {
    server({ '/consumer/create': [400, { message: 'mobile: not a mobile number' }] });
    const store = filledIn();
    const result = await store.dispatch(saveConsumer());
    expect(result).toEqual({ ok: false, message: 'mobile: not a mobile number' });
    expect(store.getState().consumer).toMatchObject({
      id: null,
      fetchStatus: 'failed',
      error: 'mobile: not a mobile number',
    });
  });

  it("tells spec §8's message when the server fails or cannot be reached", async () => {
    server({ '/consumer/create': [500, { message: 'boom' }] });
    const store = filledIn();
    expect(await store.dispatch(saveConsumer())).toEqual({ ok: false, message: CONSUMER_ERROR_MESSAGE });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    expect(await store.dispatch(saveConsumer())).toEqual({ ok: false, message: CONSUMER_ERROR_MESSAGE });
    expect(store.getState().consumer.error).toBe(CONSUMER_ERROR_MESSAGE);
  });

  it('shows the save as in progress while it runs, with no old error', async () => {
    server({ '/consumer/create': [500, { message: 'boom' }] });
    const store = filledIn();
    await store.dispatch(saveConsumer());
    let resolve: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((r) => (resolve = r))),
    );
    const pending = store.dispatch(saveConsumer());
    expect(store.getState().consumer).toMatchObject({ fetchStatus: 'fetching', error: null });
    resolve(
      new Response(JSON.stringify({ ...profile('c-3'), hmacKey: 'key-3' }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(await pending).toMatchObject({ ok: true });
  });
});
