// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { renderWhenReady, type InitializingRouter } from './render-when-ready';

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

function container(markup: string): HTMLElement {
  const element = document.createElement('div');
  element.innerHTML = markup;
  return element;
}

describe('renderWhenReady', () => {
  it('renders at once into an empty page', () => {
    const render = vi.fn();
    renderWhenReady(container(''), fakeRouter(false).router, render);
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('keeps a prerendered screen until the router has loaded the route, then renders once', () => {
    const render = vi.fn();
    const { router, publish, listeners } = fakeRouter(false);
    renderWhenReady(container('<div>Welcome to</div>'), router, render);
    expect(render).not.toHaveBeenCalled();
    publish({ initialized: false });
    expect(render).not.toHaveBeenCalled();
    publish({ initialized: true });
    publish({ initialized: true });
    expect(render).toHaveBeenCalledTimes(1);
    expect(listeners.size).toBe(0);
  });

  it('renders at once over a prerendered screen when the router is already initialized', () => {
    const render = vi.fn();
    renderWhenReady(container('<div>Welcome to</div>'), fakeRouter(true).router, render);
    expect(render).toHaveBeenCalledTimes(1);
  });
});
