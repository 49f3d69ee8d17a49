import { describe, expect, it, vi } from 'vitest';
import { registerServiceWorker, SERVICE_WORKER_URL } from './service-worker';

function fakeWindow(readyState: DocumentReadyState, withWorkers = true) {
  const listeners = new Map<string, () => void>();
  const register = vi.fn(() => Promise.resolve({}));
  const idle: (() => void)[] = [];
  const win = {
    navigator: withWorkers ? { serviceWorker: { register } } : {},
    document: { readyState },
    addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
    requestIdleCallback: (callback: () => void) => idle.push(callback),
    setTimeout: (callback: () => void) => idle.push(callback),
  };
  return {
    win: win as unknown as Window,
    register,
    fire: (type: string) => listeners.get(type)?.(),
    runIdle: () => idle.splice(0).forEach((callback) => callback()),
  };
}

describe('registerServiceWorker', () => {
  it('waits for the page to load and the browser to be idle', () => {
    const { win, register, fire, runIdle } = fakeWindow('loading');
    registerServiceWorker(win);
    runIdle();
    expect(register).not.toHaveBeenCalled();
    fire('load');
    expect(register).not.toHaveBeenCalled();
    runIdle();
    expect(register).toHaveBeenCalledWith(SERVICE_WORKER_URL);
  });

  it('registers when idle if the page has already loaded', () => {
    const { win, register, runIdle } = fakeWindow('complete');
    registerServiceWorker(win);
    runIdle();
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('does nothing in a browser without service workers', () => {
    const { win, fire, runIdle } = fakeWindow('loading', false);
    expect(() => {
      registerServiceWorker(win);
      fire('load');
      runIdle();
    }).not.toThrow();
  });

  it('keeps a failed registration to itself', async () => {
    const { win, register, runIdle } = fakeWindow('complete');
    register.mockImplementation(() => Promise.reject(new Error('blocked')));
    registerServiceWorker(win);
    runIdle();
    await Promise.resolve();
    expect(register).toHaveBeenCalledTimes(1);
  });
});
