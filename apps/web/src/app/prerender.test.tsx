// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { prerender } from './prerender';

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

  it('renders nothing for screens that depend on the visitor', () => {
    for (const path of ['/order-flow/place-order', '/order-flow/wait-order', '/order-flow/discover-vendor'])
      expect(prerender(path)).toBe('');
  });
});
