// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { whenRouterReady, type InitializingRouter } from './render-when-ready';

function fakeRouter(initialized: boolean) {
  const listeners = new Set<(state: { initialized: boolean }) => void>();
  const router: InitializingRouter = {
    state: { initialized },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const publish = (state: { initialized: boolean }) => {
    router.state = state;
    for (const listener of [...listeners]) listener(state);
  };
  return { router, publish, listeners };
}

describe('whenRouterReady', () => {
  it('resolves at once when the router has loaded the first route', async () => {
    const { router, listeners } = fakeRouter(true);
    await whenRouterReady(router);
    expect(listeners.size).toBe(0);
  });

  it('waits until the router has loaded the route, then stops listening', async () => {
    const { router, publish, listeners } = fakeRouter(false);
    let ready = false;
    const waiting = whenRouterReady(router).then(() => (ready = true));
    publish({ initialized: false });
    await Promise.resolve();
    expect(ready).toBe(false);
    publish({ initialized: true });
    await waiting;
    expect(ready).toBe(true);
    expect(listeners.size).toBe(0);
  });
});
