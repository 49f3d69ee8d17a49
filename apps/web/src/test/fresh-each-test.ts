import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { setNetworkListener } from '../lib/api-client';
import { buildEnv } from './build-settings';

/** Each screen test starts from the default build with scrolling stubbed, and leaves no stubs behind. */
export function freshEachTest() {
  beforeEach(() => {
    buildEnv.current = {};
    vi.stubGlobal('scrollTo', vi.fn());
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setNetworkListener(null);
  });
}
