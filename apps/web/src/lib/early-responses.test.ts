import { afterEach, describe, expect, it } from 'vitest';
import {
  EARLY_REQUESTS_GLOBAL,
  EARLY_RESPONSE_MAX_AGE_MS,
  registerEarlyRequest,
  takeEarlyResponse,
} from './early-responses';

const MENU_URL = '/v1/vendor/2/current-menu';
const VENDORS_URL = '/v1/venue/0/vendors';

const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  delete (globalThis as Record<string, unknown>)[EARLY_REQUESTS_GLOBAL];
});

describe('early responses', () => {
  it('has nothing to give before the page registered anything', () => {
    expect(takeEarlyResponse('GET', MENU_URL, 0)).toBeNull();
  });

  it('gives a registered answer once: a second take finds nothing', async () => {
    const response = answer({ id: 10 });
    registerEarlyRequest(MENU_URL, Promise.resolve(response), 1_000);
    const taken = takeEarlyResponse('GET', MENU_URL, 1_500);
    expect(taken).not.toBeNull();
    await expect(taken).resolves.toBe(response);
    expect(takeEarlyResponse('GET', MENU_URL, 1_600)).toBeNull();
  });

  it('leaves the registry where the page script puts it, keyed by method and URL', () => {
    registerEarlyRequest(MENU_URL, Promise.resolve(answer({})), 0);
    const registry = (globalThis as Record<string, unknown>)[EARLY_REQUESTS_GLOBAL];
    expect(registry).toBeInstanceOf(Map);
    expect([...(registry as Map<string, unknown>).keys()]).toEqual([`GET ${MENU_URL}`]);
  });

  it('gives nothing for another method or another URL, and keeps the answer for its own GET', async () => {
    const response = answer({ id: 10 });
    registerEarlyRequest(MENU_URL, Promise.resolve(response), 0);
    expect(takeEarlyResponse('POST', MENU_URL, 0)).toBeNull();
    expect(takeEarlyResponse('PUT', MENU_URL, 0)).toBeNull();
    expect(takeEarlyResponse('GET', VENDORS_URL, 0)).toBeNull();
    expect(takeEarlyResponse('GET', `${MENU_URL}?x=1`, 0)).toBeNull();
    expect(takeEarlyResponse('GET', '/v1/vendor/3/current-menu', 0)).toBeNull();
    await expect(takeEarlyResponse('GET', MENU_URL, 0)).resolves.toBe(response);
  });

  it('keeps several answers apart', async () => {
    const menu = answer({ id: 10 });
    const vendors = answer([]);
    registerEarlyRequest(MENU_URL, Promise.resolve(menu), 0);
    registerEarlyRequest(VENDORS_URL, Promise.resolve(vendors), 0);
    await expect(takeEarlyResponse('GET', VENDORS_URL, 0)).resolves.toBe(vendors);
    await expect(takeEarlyResponse('GET', MENU_URL, 0)).resolves.toBe(menu);
  });

  it(`uses an answer started up to ${EARLY_RESPONSE_MAX_AGE_MS} ms ago`, async () => {
    const response = answer({ id: 10 });
    registerEarlyRequest(MENU_URL, Promise.resolve(response), 5_000);
    await expect(takeEarlyResponse('GET', MENU_URL, 5_000 + EARLY_RESPONSE_MAX_AGE_MS)).resolves.toBe(response);
  });

  it('gives nothing for an older answer, and drops it', () => {
    registerEarlyRequest(MENU_URL, Promise.resolve(answer({ id: 10 })), 5_000);
    expect(takeEarlyResponse('GET', MENU_URL, 5_000 + EARLY_RESPONSE_MAX_AGE_MS + 1)).toBeNull();
    // Dropped, not kept for a later take with an earlier clock.
    expect(takeEarlyResponse('GET', MENU_URL, 5_000)).toBeNull();
  });

  it('a later registration of the same URL replaces the earlier one', async () => {
    const first = answer({ id: 1 });
    const second = answer({ id: 2 });
    registerEarlyRequest(MENU_URL, Promise.resolve(first), 0);
    registerEarlyRequest(MENU_URL, Promise.resolve(second), 100);
    await expect(takeEarlyResponse('GET', MENU_URL, 100)).resolves.toBe(second);
    expect(takeEarlyResponse('GET', MENU_URL, 100)).toBeNull();
  });

  it('a fetch that failed resolves to null instead of rejecting', async () => {
    registerEarlyRequest(MENU_URL, Promise.reject(new TypeError('Failed to fetch')), 0);
    const taken = takeEarlyResponse('GET', MENU_URL, 10);
    expect(taken).not.toBeNull();
    await expect(taken).resolves.toBeNull();
  });

  it('a fetch that fails while nobody has taken it yet raises no unhandled rejection', async () => {
    let fail!: (error: unknown) => void;
    registerEarlyRequest(
      MENU_URL,
      new Promise<Response>((_resolve, reject) => {
        fail = reject;
      }),
      0,
    );
    fail(new TypeError('Failed to fetch'));
    // Give an unhandled rejection the chance to surface (vitest fails the run on one).
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(takeEarlyResponse('GET', MENU_URL, 0)).resolves.toBeNull();
  });

  it('an error answer is still given as it is: the caller decides what to do with it', async () => {
    const response = answer({ message: 'boom' }, 500);
    registerEarlyRequest(MENU_URL, Promise.resolve(response), 0);
    const taken = await takeEarlyResponse('GET', MENU_URL, 0);
    expect(taken?.status).toBe(500);
  });
});
