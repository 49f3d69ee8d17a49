// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildEnv } from '../test/build-settings';
import { prerender } from './prerender';

// The build settings are fixed per build; each test picks the build it stands for.
vi.mock('../config/settings', async () => (await import('../test/build-settings')).settingsModule);

afterEach(() => {
  buildEnv.current = {};
});

describe('prerender', () => {
  it('renders the home screen as any visitor first sees it: the venue, how it works, the first action', () => {
    for (const path of ['/', '/start']) {
      const markup = prerender(path);
      expect(markup).toContain('Harbourside Stadium</h1>');
      expect(markup).toContain('How it works');
      expect(markup).toContain('Order &amp; Collect');
      // Nothing of a visitor: no basket, no order, no store list yet.
      expect(markup).not.toContain('Reorder');
    }
  });

  it('renders the store list of a multi-vendor build as it shows while the stores load', () => {
    buildEnv.current = { VITE_MULTI_VENDOR: 'true' };
    const markup = prerender('/order-flow/discover-vendor');
    expect(markup).toContain('Select Your Option Below</h1>');
    expect(markup).toContain('aria-label="Loading the stores"');
    // No store, no last order, no problem: those come with the visitor and the venue's answer.
    expect(markup).not.toContain('Reorder');
    expect(markup).not.toContain('None of our outlets');
    expect(markup).not.toContain('Try again');
  });

  it('renders nothing for screens that depend on the visitor, nor the store list of a single-vendor build', () => {
    buildEnv.current = { VITE_MULTI_VENDOR: 'true' };
    for (const path of ['/order-flow/place-order', '/order-flow/wait-order', '/order-flow/confirm-order'])
      expect(prerender(path)).toBe('');
    buildEnv.current = { VITE_MULTI_VENDOR: 'false' };
    expect(prerender('/order-flow/discover-vendor')).toBe('');
  });
});
